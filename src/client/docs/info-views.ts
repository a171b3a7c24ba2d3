// The information overlays load together, on first use: the support form and the system alerts'
// dialog and cards (the help pages and what's new are core's screens, in its client half).
export { SupportDialog } from '../admin/SupportDialog';
export { SystemAlertsView } from '../admin/SystemAlertsView';
