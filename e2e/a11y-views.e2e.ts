import { a11yViews } from './helpers/a11y-views';

// axe-core on every view and a record of every demo type, in light and dark mode (helpers/a11y-views.ts).
a11yViews();
