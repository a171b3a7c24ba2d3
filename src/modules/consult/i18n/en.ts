import { consultScreensEn } from './en-consultation';
import { consultResponseEn } from './en-response';
import { consultFeedEn } from './en-feed';
import { consultLettersEn } from './en-letters';
import { consultAuditEn } from './en-audit';
import { consultIntakeEn } from './en-intake';
import { consultEventsEn } from './en-events';
import { mergeStrings } from '../../../client/module-api';

// The consultation module's English bundle (loaded with its client half): files with their
// owners (the consultation screens; the response screens and step panels; the calendar feed; the
// response letters; the audit; the intake; the history's event words), one bundle, merged deeply so `consult.*` holds them all. A key in
// two is refused when the half loads.
export const consultEn = mergeStrings(
  mergeStrings(
    mergeStrings(
      mergeStrings(mergeStrings(consultScreensEn, consultResponseEn), consultFeedEn),
      consultLettersEn,
    ),
    consultAuditEn,
  ),
  mergeStrings(consultIntakeEn, consultEventsEn),
);
