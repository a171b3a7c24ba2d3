import { defineModule } from '../../kernel/module';
import { archiveActs } from './contract';
import { ARCHIVE_IMPORT_KIND, ARCHIVE_LOV_LISTS, archiveTypes } from './types';
import { ARCHIVE_CAPABILITY, archiveNav, archiveTitles, archiveViews } from './views';

/**
 * The archive (spec capability-modules §2–§3 "Archive", §5–§7, §9; docs/archive.md): the
 * community's documents, photographs, recordings, maps and reports, catalogued with their files,
 * in collections, found by facets. Its group is for holders of the `Archive` capability.
 */
export const archiveModule = defineModule({
  id: 'archive',
  requires: ['core', 'spatial', 'collections'],
  types: archiveTypes,
  server: true,
  client: true,
  acts: archiveActs,
  capabilities: [ARCHIVE_CAPABILITY],
  lovLists: ARCHIVE_LOV_LISTS,
  kinds: { Import: [ARCHIVE_IMPORT_KIND] },
  views: archiveViews,
  nav: archiveNav,
  titles: archiveTitles,
});
