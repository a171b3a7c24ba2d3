import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The libraries the start-up screens use, bundled as one chunk beside the entry. Left to itself
// the bundler cuts them into a chunk per component shared with some lazy screen (36 chunks at
// start, ~5 KB gzip more than the same code in one: each chunk is compressed on its own). Only
// what the start already loads belongs here (a lazy-only library named here would move into the
// start); e2e/performance.e2e.ts prints the chunks and holds the budget.
const START_LIBRARIES = [
  'react',
  'react-dom',
  'scheduler',
  'react-is',
  'i18next',
  'react-i18next',
  '@tanstack',
  'react-router',
  '@emotion',
  '@mui/system',
  '@mui/utils',
  '@mui/private-theming',
  '@mui/styled-engine',
  'react-transition-group',
  'clsx',
  'hoist-non-react-statics',
  'use-sync-external-store',
  '@popperjs',
];
// The MUI components of the shell, the sign-in page, the drawer, dialogs and alerts.
const START_MUI = `Alert|AppBar|Avatar|Backdrop|Badge|Box|Breadcrumbs|Button|ButtonBase|ButtonGroup|Chip|CircularProgress|ClickAwayListener|CssBaseline|DefaultPropsProvider|Dialog|DialogActions|DialogContent|DialogContentText|DialogTitle|Divider|Drawer|Fade|FilledInput|FormControl|FormHelperText|FormLabel|GlobalStyles|Grow|IconButton|InitColorSchemeScript|Input|InputAdornment|InputBase|InputLabel|Link|List|ListItem|ListItemButton|ListItemIcon|ListItemSecondaryAction|ListItemText|ListSubheader|Menu|MenuItem|MenuList|Modal|NativeSelect|OutlinedInput|Paper|Popover|Popper|Portal|Select|Slide|Snackbar|SnackbarContent|Stack|SvgIcon|Switch|TextField|TextareaAutosize|Toolbar|Tooltip|Typography|Unstable_TrapFocus|colors|internal|styles|transitions|useLazyRipple|useMediaQuery|utils|zero-styled`;
const START_CHUNK = new RegExp(`node_modules/(${START_LIBRARIES.join('|')}|@mui/material/(${START_MUI}))/`);
// Parts of those libraries that only lazy screens use (the date pickers' transitions and
// animations): matched by the names above, they would be pulled into the start (3.2 KB gzip).
const LAZY_ONLY =
  /node_modules\/(react-transition-group\/esm\/(?!TransitionGroupContext)|@mui\/material\/internal\/animate)/;
const inStartChunk = (id: string) => START_CHUNK.test(id) && !LAZY_ONLY.test(id);

// The client builds into dist/client; the server serves it and injects the config element.
// In development, Vite proxies the API and the socket to a server on :3000 (npm run dev).
export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The client module API (src/client/module-api.ts) only re-exports: a module's screen that
      // imports one thing through it must not load everything else it names (~100 KB gzip each).
      output: { codeSplitting: { groups: [{ name: 'vendor-start', test: inStartChunk }] } },
      treeshake: { moduleSideEffects: [{ test: /\/src\/client\/module-api\.ts$/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/lov': 'http://localhost:3000',
      '/locale-overrides': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
