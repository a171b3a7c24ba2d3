import { createTheme, type Theme } from '@mui/material/styles';
import type { ClientConfig } from '../config';

/** The theme from the configured colours (spec core §3 defaults), light or dark. */
export function buildTheme(config: ClientConfig, dark: boolean): Theme {
  const c = dark ? config.colours.dark : config.colours.light;
  return createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: c.primary },
      secondary: { main: c.secondary },
      warning: { main: c.accent },
    },
    components: {
      MuiAppBar: { styleOverrides: { root: { backgroundColor: c.header } } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
