// The information screens and overlays load together, on first use: help pages, what's new,
// the support form and the system alerts' dialog and cards.
export { DocsView } from './DocsView';
export { WhatsNewView } from '../whats-new/WhatsNewView';
export { SupportDialog } from '../admin/SupportDialog';
export { SystemAlertsView } from '../admin/SystemAlertsView';
