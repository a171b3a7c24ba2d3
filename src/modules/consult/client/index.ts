import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { ORGANIZATIONS_VIEW } from '../views';
import { consultItemSections } from './item-sections';
import { responseSections } from './response';
import { stepPanels } from './steps';

/**
 * The consultation module's client half: the organisations screen, the consultation record's
 * sections and its guided create form. Every other consult screen is a list view (views.ts).
 */
export const client = defineClientModule({
  id: 'consult',
  strings: () => import('../i18n/en').then((m) => m.consultEn),
  screens: {
    [ORGANIZATIONS_VIEW]: lazy(() =>
      import('./organizations/OrganizationsScreen').then((m) => ({ default: m.OrganizationsScreen })),
    ),
  },
  itemSections: [...consultItemSections, ...responseSections],
  createDialogs: {
    Consultation: lazy(() =>
      import('./create/ConsultationCreateDialog').then((m) => ({ default: m.ConsultationCreateDialog })),
    ),
  },
  stepPanels,
  userMenu: [
    {
      id: 'calendarFeed',
      labelKey: 'consult.feed.menu',
      applies: (user) => user.$id !== 'User-0',
      dialog: lazy(() =>
        import('./feed/CalendarFeedDialog').then((m) => ({ default: m.CalendarFeedDialog })),
      ),
    },
  ],
});
