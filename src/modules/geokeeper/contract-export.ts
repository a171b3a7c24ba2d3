import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { TaskStarted } from '../../kernel/task-started';
import { MIME_GROUPS } from '../../protocol/files';

// The GeoKeeper exports (docs/geokeeper.md "Exports"): a program's field data as CSV with its
// repeat groups, GeoJSON or a shapefile, as a background task run as the reader (only what they
// may read). contract.ts joins them to the module's acts.

export const FIELD_EXPORT_FORMATS = ['CSV', 'GEOJSON', 'SHAPEFILE'] as const;
export type FieldExportFormat = (typeof FIELD_EXPORT_FORMATS)[number];

const ProgramId = z.string().regex(/^GeoKeeperProgram-[1-9][0-9]*$/, 'a GeoKeeperProgram id');

const FieldDataId = z.string().regex(/^GeoKeeperFieldData-[1-9][0-9]*$/, 'a GeoKeeperFieldData id');

/** One file of field data (spec §3 GeoKeeperAttachment, virtual: made from the Attachment and its record). */
export const GeoKeeperAttachmentRow = z.strictObject({
  $id: z.string(),
  originalName: z.string(),
  size: z.number(),
  fieldData: z.string(),
  state: z.string().nullable(),
  formType: z.string().nullable(),
  formDef: z.string().nullable(),
  workItems: z.array(z.string()),
  extension: z.string(),
  filetype: z.string(),
});

export const ATTACHMENT_SEARCH_MAX = 500;

/** The sync acts of the export part: the search of field data's files. */
export const exportActs = defineActs({
  /**
   * The files (photos, video, audio) of the field data the asker may read, newest first: each
   * Attachment is read only through its record's access (both read rules in SQL, both rows checked
   * again by the policy). `program` or `fieldDataIds`; `mimeGroup` narrows to image, video, audio.
   */
  searchGeoKeeperAttachments: {
    body: z
      .strictObject({
        program: ProgramId.optional(),
        fieldDataIds: z.array(FieldDataId).min(1).max(500).optional(),
        mimeGroup: z.array(z.enum(MIME_GROUPS)).min(1).max(6).optional(),
        max: z.number().int().min(1).max(ATTACHMENT_SEARCH_MAX).optional(),
        offset: z.number().int().min(0).max(100_000).optional(),
      })
      .refine((b) => b.program || b.fieldDataIds, { message: 'errors.required', path: ['program'] }),
    reply: z.strictObject({ results: z.array(GeoKeeperAttachmentRow), more: z.boolean() }),
  },
});

export const exportAsyncActs = defineActs(
  {
    /** A program's field data the asker may read, as a zip of CSV files, GeoJSON or a zipped shapefile. */
    exportFieldData: {
      body: z.strictObject({ program: ProgramId, format: z.enum(FIELD_EXPORT_FORMATS) }),
      reply: TaskStarted,
    },
  },
  { async: true },
);
