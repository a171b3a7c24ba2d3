import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import SegmentOutlined from '@mui/icons-material/SegmentOutlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { AUDIT_VIEW, ORGANIZATIONS_VIEW } from '../views';
import { consultItemSections } from './item-sections';
import { letterFieldEditors, letterSections } from './letters/sections';
import { responseSections } from './response';
import { stepPanels } from './steps';

/**
 * The consultation module's client half: the organisations and audit screens, the consultation record's
 * sections and its guided create form. Every other consult screen is a list view (views.ts).
 */
export const client = defineClientModule({
  id: 'consult',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: {
    assignment: AssignmentOutlined,
    event: EventOutlined,
    history_edu: HistoryEduOutlined,
    payments: PaymentsOutlined,
    receipt_long: ReceiptLongOutlined,
    schedule: ScheduleOutlined,
    mail: MailOutlined,
    map: MapOutlined,
    place: PlaceOutlined,
    rate_review: RateReviewOutlined,
    report: ReportOutlined,
    segment: SegmentOutlined,
  },
  strings: () => import('../i18n/en').then((m) => m.consultEn),
  // The help pages' text (views.ts CONSULT_DOCS), each loaded when opened.
  docPages: {
    'referrals-for-lands-staff': () =>
      import('./docs/referrals-for-lands-staff.md?raw').then((m) => m.default),
    'referrals-for-proponents': () => import('./docs/referrals-for-proponents.md?raw').then((m) => m.default),
    'referrals-for-regulators': () => import('./docs/referrals-for-regulators.md?raw').then((m) => m.default),
  },
  screens: {
    [ORGANIZATIONS_VIEW]: lazy(() =>
      import('./organizations/OrganizationsScreen').then((m) => ({ default: m.OrganizationsScreen })),
    ),
    [AUDIT_VIEW]: lazy(() => import('./audit/AuditScreen').then((m) => ({ default: m.AuditScreen }))),
  },
  itemSections: [...consultItemSections, ...responseSections, ...letterSections],
  // The desk's component cards (../dashboards.ts), each loaded when shown.
  dashboardCards: { LatestWord: lazy(() => import('./outside/LatestWordCard')) },
  fieldEditors: letterFieldEditors,
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
