import { createTheme, ThemeProvider, useTheme } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';

// The sunlight theme of the collection screen: black on white (white on black in dark mode),
// heavier type and borders, no greys. Kept per device (a phone in the field keeps its choice).

const KEY = 'ckk-collect-contrast';

export function useContrastChoice(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(KEY) === '1';
    } catch {
      return false;
    }
  });
  return [
    on,
    (next) => {
      setOn(next);
      try {
        localStorage.setItem(KEY, next ? '1' : '0');
      } catch {
        /* not kept: the choice holds for this visit */
      }
    },
  ];
}

export function ContrastTheme({ on, children }: { on: boolean; children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(() => {
    if (!on) return outer;
    const dark = outer.palette.mode === 'dark';
    const fg = dark ? '#ffffff' : '#000000';
    const bg = dark ? '#000000' : '#ffffff';
    return createTheme(outer, {
      palette: {
        text: { primary: fg, secondary: fg },
        background: { default: bg, paper: bg },
        primary: { main: dark ? '#ffff00' : '#0000b3', contrastText: dark ? '#000000' : '#ffffff' },
        divider: fg,
      },
      typography: { fontSize: 16, fontWeightRegular: 500 },
      components: {
        MuiOutlinedInput: { styleOverrides: { notchedOutline: { borderWidth: 2, borderColor: fg } } },
        MuiButton: { styleOverrides: { outlined: { borderWidth: 2, '&:hover': { borderWidth: 2 } } } },
      },
    });
  }, [on, outer]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
