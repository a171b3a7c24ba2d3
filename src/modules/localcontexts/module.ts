import { defineModule } from '../../kernel/module';
import { LOCAL_CONTEXTS_ITEM_PROPERTIES, localContextsTypes } from './types';
import { localContextsNav, localContextsTitles, localContextsViews } from './views';

/**
 * Local Contexts (issue 17; docs/local-contexts.md): the Traditional Knowledge and Biocultural
 * labels and the Notices on any item, as badges, a search facet and a picker, with each
 * community's own wording and recording of a label. No capability: labels show to whoever may
 * see the item they are on.
 */
export const localContextsModule = defineModule({
  id: 'localcontexts',
  requires: ['core'],
  types: localContextsTypes,
  server: true,
  client: true,
  itemProperties: LOCAL_CONTEXTS_ITEM_PROPERTIES,
  fieldEditorKinds: ['localContextsLabels'],
  views: localContextsViews,
  nav: localContextsNav,
  titles: localContextsTitles,
});
