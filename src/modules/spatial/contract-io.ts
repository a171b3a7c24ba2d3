import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { TaskStarted } from '../../kernel/task-started';
import { ACCESS_LEVELS } from '../../protocol/access-levels';
import { SearchQuery } from '../../protocol/query';

// The spatial acts of GIS import and export (background tasks, docs/spatial-io.md). One file per
// part of the module so each part's contract reads on its own; contract.ts joins them.

/** The formats an export writes (an Import `kind` names the same formats read). */
export const SPATIAL_EXPORT_FORMATS = ['GEOJSON', 'KML', 'SHAPEFILE', 'GEOPACKAGE'] as const;
export type SpatialExportFormat = (typeof SPATIAL_EXPORT_FORMATS)[number];

const id = (prefix: string) =>
  z
    .string()
    .max(200)
    .refine((s) => s.startsWith(`${prefix}-`), `a ${prefix} id`);

/** The sync acts of the io part: none (import and export are tasks). */
export const ioActs = defineActs({});

export const ioAsyncActs = defineActs(
  {
    /**
     * Reads the file attached to an Import into a layer: one SpatialFeature per feature read, one
     * GISCollection per layer of the file. `access`: the features' level (default the layer's).
     */
    importFeatures: {
      body: z.strictObject({
        import: id('Import'),
        collection: id('SpatialCollection'),
        access: z.enum(ACCESS_LEVELS).optional(),
      }),
      reply: TaskStarted,
    },
    /** The features a search finds (only those the asker may read), as a GIS file. */
    exportFeatures: {
      body: z.strictObject({ query: SearchQuery, format: z.enum(SPATIAL_EXPORT_FORMATS) }),
      reply: TaskStarted,
    },
  },
  { async: true },
);
