// The admin screens load together, on first use: one chunk keeps the start-up bundle's splitting simple.
export { AdminStateView } from './AdminStateView';
export { MenuItemsView } from './MenuItemsView';
export { SystextView } from './SystextView';
