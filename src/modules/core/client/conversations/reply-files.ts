// The files of a reply, kept in the page until the server has them: chosen (no Message yet),
// uploading into their Message, or failed (kept, with a retry) — a file is never dropped silently.

export type ReplyFileState = 'chosen' | 'uploading' | 'failed';

export interface ReplyFile {
  key: string;
  file: File;
  state: ReplyFileState;
  sent: number;
  /** The Message the file goes into, once the reply is sent. */
  messageId?: string;
  error?: string;
}

let counter = 0;

export function chosenFiles(list: FileList | File[] | null): ReplyFile[] {
  return Array.from(list ?? []).map((file) => ({ key: `f${++counter}`, file, state: 'chosen', sent: 0 }));
}
