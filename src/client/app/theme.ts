import { createTheme, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import type { ClientConfig } from '../config';

/** Dark mode's raised surfaces (menus, dialogs) are the lightest background text sits on. */
const DARK_SURFACE = '#1e1e1e';

/**
 * The colour, lightened just enough for text in it (links, focused labels) to read at 4.5:1 on
 * `background` (WCAG AA). The default dark primary (#0F60B1) reads at 3:1 on MUI's dark grey.
 */
export function readableOn(colour: string, background: string): string {
  for (let step = 0; step <= 20; step++) {
    const c = step === 0 ? colour : lighten(colour, step / 20);
    if (getContrastRatio(c, background) >= 4.5) return c;
  }
  return '#ffffff';
}

/** The theme from the configured colours (spec core §3 defaults), light or dark. */
export function buildTheme(config: ClientConfig, dark: boolean): Theme {
  const c = dark ? config.colours.dark : config.colours.light;
  return createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      // Text on a coloured surface (buttons, filled alerts) picks black or white at 4.5:1 (AA).
      contrastThreshold: 4.5,
      primary: { main: dark ? readableOn(c.primary, DARK_SURFACE) : c.primary },
      secondary: { main: c.secondary },
      warning: { main: c.accent },
    },
    components: {
      MuiAppBar: { styleOverrides: { root: { backgroundColor: c.header } } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
