// An archive entry's media categories (spec capability-modules §3: "Archive media categories:
// AUDIO, DOCUMENT, IMAGE, OTHER, VIDEO"; attachment file types are grouped by mime prefix:
// audio, image, model, text, video, application). The spec gives the two lists; how one maps to
// the other is ours (docs/archive.md): text and the document formats of `application` are
// documents, a 3D model and any other application file is OTHER.

export const MEDIA_CATEGORIES = ['AUDIO', 'DOCUMENT', 'IMAGE', 'OTHER', 'VIDEO'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** Application types that are documents to a reader: PDF, word processing, spreadsheets, slides. */
const DOCUMENT_TYPES =
  /^application\/(pdf|rtf|msword|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.|vnd\.ms-excel|vnd\.ms-powerpoint|epub\+zip)/;

/** The category of one file, from its mime group and type. */
export function mediaCategory(mimeGroup: unknown, filetype: unknown): MediaCategory {
  switch (mimeGroup) {
    case 'audio':
      return 'AUDIO';
    case 'video':
      return 'VIDEO';
    case 'image':
      return 'IMAGE';
    case 'text':
      return 'DOCUMENT';
    case 'application':
      return typeof filetype === 'string' && DOCUMENT_TYPES.test(filetype) ? 'DOCUMENT' : 'OTHER';
    default:
      return 'OTHER';
  }
}

/** The categories of a set of files, each once, in the list's order. */
export function mediaCategories(
  files: readonly { mimeGroup?: unknown; filetype?: unknown }[],
): MediaCategory[] {
  const found = new Set(files.map((f) => mediaCategory(f.mimeGroup, f.filetype)));
  return MEDIA_CATEGORIES.filter((c) => found.has(c));
}

/** The year an entry is filed under: its date's (imprecise dates included), else the year published. */
export function entryYear(date: unknown, yearPublished: unknown): number | undefined {
  if (typeof date === 'string') {
    const m = /^(-?\d{4})/.exec(date);
    if (m) return Number(m[1]);
  }
  return typeof yearPublished === 'number' && Number.isInteger(yearPublished) ? yearPublished : undefined;
}
