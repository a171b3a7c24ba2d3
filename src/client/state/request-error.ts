import type { FieldError } from '../../protocol/errors';

export interface RequestErrorBody {
  userMessage: string;
  sysMessage?: string;
  fields?: FieldError[];
  currentVersion?: number;
}

/** A failed request: `userMessage` is a catalogue key shown as errors.{key}. */
export class RequestError extends Error {
  readonly userMessage: string;
  readonly sysMessage: string;
  readonly fields: FieldError[];
  readonly currentVersion: number | undefined;

  constructor(body: RequestErrorBody) {
    super(body.sysMessage ?? body.userMessage);
    this.name = 'RequestError';
    this.userMessage = body.userMessage;
    this.sysMessage = body.sysMessage ?? '';
    this.fields = body.fields ?? [];
    this.currentVersion = body.currentVersion;
  }
}

export const networkError = () =>
  new RequestError({ userMessage: 'networkError', sysMessage: 'Network Error' });

/**
 * The names of the files a send refused because they are restricted (`errors.restrictedFile`,
 * one field per file with its name), read by shape so any caught error may be asked.
 */
export function restrictedFileNames(e: unknown): string[] {
  const fields = (e as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields
    .filter((f: FieldError) => f?.key === 'errors.restrictedFile')
    .map((f: FieldError) => String(f.params?.name ?? f.path));
}
