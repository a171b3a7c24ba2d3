import { consultScreensEn } from './en-consultation';
import { consultResponseEn } from './en-response';
import { consultFeedEn } from './en-feed';
import { consultLettersEn } from './en-letters';
import { consultAuditEn } from './en-audit';
import { consultIntakeEn } from './en-intake';
import { consultFileEn } from './en-file';
import { consultCostsEn } from './en-costs';
import { consultEventsEn } from './en-events';
import { consultOutsideEn } from './en-outside';
import { mergeStrings } from '../../../client/module-api';

// The consultation module's English bundle (loaded with its client half): files with their
// owners (the consultation screens; the response screens and step panels; the calendar feed; the
// response letters; the audit; the intake; the referral's file; time and expenses; the history's
// event words; the outside parties' side), one bundle, merged deeply so `consult.*` holds them all. A key in two is refused
// when the half loads.
type Strings = Parameters<typeof mergeStrings>[0];
const parts: readonly Strings[] = [
  consultScreensEn,
  consultResponseEn,
  consultFeedEn,
  consultLettersEn,
  consultAuditEn,
  consultIntakeEn,
  consultFileEn,
  consultCostsEn,
  consultEventsEn,
  consultOutsideEn,
];
export const consultEn = parts.reduce((all, part) => mergeStrings(all, part));
