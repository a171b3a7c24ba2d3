import { consultScreensEn } from './en-consultation';
import { consultResponseEn } from './en-response';
import { mergeStrings } from '../../../client/module-api';

// The consultation module's English bundle (loaded with its client half): two files with two
// owners (the consultation screens; the response screens and step panels), one bundle, merged
// deeply so `consult.*` holds both. A key in both is refused when the half loads.
export const consultEn = mergeStrings(consultScreensEn, consultResponseEn);
