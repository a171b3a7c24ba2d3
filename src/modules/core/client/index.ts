import { defineClientModule } from '../../../client/module-api';
import { Memberships, RecentlyOpened } from './home-cards';

// Core's client half: its screens, item sections and menu entries (issue 12 §4, §8).
export const client = defineClientModule({
  id: 'core',
  // The component cards of the home dashboard (../dashboards.ts).
  dashboardCards: { Memberships, RecentlyOpened },
});
