// The error catalogue (spec core §8). A failed reply carries one of these keys as
// `userMessage`; the client shows the translation of `errors.{key}`.
export const ERROR_KEYS = [
  'notAllowed',
  'notFound',
  'invalidId',
  'invalidInput',
  'invalidJson',
  'unknownOperation',
  'staleVersion',
  'emptyResponse',
  'generalFailure',
  'tokenExpired',
  'identFailed',
  'signInFailed',
  'emailNotConfirmed',
  'tooManyAttempts',
  'noOrg',
  'chooseOrg',
  'notInOrg',
  'alreadyExists',
  'serverBusy',
  // Per-user quotas (issue 36): tasks running at once, uploads being sent, zip downloads.
  'tooManyTasks',
  'tooManyUploads',
  'tooManyDownloads',
  // The impact overlay (spatial): a project area or its places too detailed to compare (issue 36).
  'overlayTooBig',
  'queryTooBroad',
  'notConfigured',
  // consult: a lifecycle move its table does not hold; a response sent without its files.
  'cnsTransition',
  'attachmentsRequired',
  // People (docs/access-model.md): an orgAdmin adds only people who accepted an invitation;
  // feeds, tokens and links are not made while masquerading.
  'notInvited',
  'notWhileMasquerading',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** Field rule keys (spec core §5); they appear in `fields[].key` of an invalidInput error. */
export const RULE_KEYS = [
  'errors.required',
  'errors.maxLength',
  'errors.number.float',
  'errors.number.integer',
  'errors.number.natural',
  'errors.lowercase',
  'errors.invalidEmail',
  'errors.invalidPhone',
  'errors.invalidURL',
  'errors.invalidHex',
  'errors.notBlank',
  'errors.array.max',
  'errors.array.min',
  'errors.array.exactly',
  'errors.endBeforeStart',
  'errors.invalidValue',
  'errors.invalidType',
  'errors.unknownField',
  'errors.notSearchable',
  'errors.readOnly',
  'errors.passwordTooShort',
  'errors.lovKeyTaken',
  'errors.jsonTooLarge',
  'errors.wfTransition',
  // A workflow step's `assignee.prefer` names no property of the item's type that holds people.
  'errors.wfPrefer',
  // The geometry kind (kernel/geometry.ts): not a GeoJSON shape, out of range, an open ring, too big.
  'errors.geometry.type',
  'errors.geometry.range',
  'errors.geometry.ring',
  'errors.geometry.vertices',
  // Organisation and contact pickers (spec capability-modules §5).
  'errors.noOrg',
  'errors.chooseOrg',
  'errors.notInOrg',
  // Cultural protocols (docs/access-model.md): a writer names only protocols they belong to.
  'errors.notInProtocol',
  // Imports (docs/access-model.md "Imports inherit"): a level chosen wider than where the rows go.
  'errors.widerThanTarget',
  'errors.importProtocolsClash',
  // A file sent to an outside party that is closed to some reader of the message (params.name).
  'errors.restrictedFile',
  // Research (docs/research.md "Living people"): a living person's birth facts kept from COMMUNITY and PUBLIC.
  'errors.livingBirthFacts',
  // Field data (docs/geokeeper.md): the COMMUNITY-only setting, a record's trip and work item, the
  // lock of a finalized record, a form's machine name.
  'errors.geokeeperCommunityOnly',
  'errors.geokeeperFinalized',
  'errors.geokeeperTripMismatch',
  'errors.geokeeperTripOfTrip',
  'errors.geokeeperWorkItemProgram',
  'errors.geokeeperTripRequired',
  'errors.geokeeperMachineName',
  // GeoKeeper forms (docs/geokeeper-forms.md): a definition's rule broken (params.issue names it),
  // a record's answer refused by its form (required, constraint, the answer's type).
  'errors.geokeeperFormDefinition',
  'errors.geokeeperAnswerRequired',
  'errors.geokeeperAnswerConstraint',
  'errors.geokeeperAnswerType',
  // Consultation costs (docs/consultation.md "Time and expenses"): a time entry's hours out of range.
  'errors.hoursRange',
  // An invoice asked for a response with no time or expense logged (the consult invoice).
  'errors.nothingToInvoice',
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

export interface FieldError {
  path: string;
  key: RuleKey;
  params?: Record<string, string | number>;
}

export interface ErrorBody {
  erred: true;
  userMessage: ErrorKey;
  sysMessage: string;
  fields?: FieldError[];
  /** On staleVersion: the version now stored, so the client can reload without losing edits. */
  currentVersion?: number;
}

/** Thrown anywhere on the server; dispatch turns it into an error reply. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    sysMessage?: string,
    readonly extra: Partial<Pick<ErrorBody, 'fields' | 'currentVersion'>> = {},
  ) {
    super(sysMessage ?? key);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { erred: true, userMessage: this.key, sysMessage: this.message, ...this.extra };
  }
}

export function isErrorBody(b: unknown): b is ErrorBody {
  return typeof b === 'object' && b !== null && (b as { erred?: unknown }).erred === true;
}
