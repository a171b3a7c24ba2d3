import { defineClientModule } from '../../../client/module-api';

// Core's client half: its screens, item sections and menu entries (issue 12 §4, §8).
export const client = defineClientModule({
  id: 'core',
});
