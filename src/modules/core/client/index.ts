import { defineClientModule } from '../../../client/module-api';
import { itemSections } from './item-sections';
import { userMenu } from './user-menu';

// Core's client half: its screens, item sections and menu entries (issue 12 §4, §8).
export const client = defineClientModule({
  id: 'core',
  itemSections,
  userMenu,
});
