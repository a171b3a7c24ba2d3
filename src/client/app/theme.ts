import {
  alpha,
  createTheme,
  decomposeColor,
  getContrastRatio,
  lighten,
  darken,
  recomposeColor,
  type Theme,
} from '@mui/material/styles';
import type { ClientConfig } from '../config';

// The look: calm surfaces (a quiet page under white or near-black panels), hairline borders in
// place of shadows, a tight type scale on the system font, 8 px spacing, and a focus ring that
// shows on every control (WCAG 2.4.7; 2 px at 3:1 or more, as 2.4.11's draft and 2.4.13 ask).
// The configured colours (spec core §3) still drive the top bar and the primary colour.

/** The page behind the panels, and the panels (cells, menus, dialogs), per mode. */
export const SURFACES = {
  light: { page: '#f6f7f9', paper: '#ffffff', border: '#e3e5e9' },
  dark: { page: '#111214', paper: '#1b1c1f', border: '#2e3035' },
} as const;

/**
 * The colour, lightened (on dark) or darkened (on light) just enough to reach `ratio` against
 * `background`: 4.5:1 for text such as links (WCAG AA), 3:1 for the focus ring (non-text).
 */
export function readableOn(colour: string, background: string, ratio = 4.5): string {
  const dark = getContrastRatio(background, '#000') < getContrastRatio(background, '#fff');
  for (let step = 0; step <= 20; step++) {
    const c = step === 0 ? colour : dark ? lighten(colour, step / 20) : darken(colour, step / 20);
    if (getContrastRatio(c, background) >= ratio) return c;
  }
  return dark ? '#ffffff' : '#000000';
}

/** `overlay` laid over `background` at `opacity` (what a tinted surface looks like). */
export function blend(background: string, overlay: string, opacity: number): string {
  const b = decomposeColor(background).values;
  const o = decomposeColor(overlay).values;
  const mix = (i: number) => Math.round(b[i]! * (1 - opacity) + o[i]! * opacity);
  return recomposeColor({ type: 'rgb', values: [mix(0), mix(1), mix(2)] });
}

/** A row under the pointer: MUI's action.hover (white at 0.08 on dark, black at 0.04 on light). */
export function rowHover(paper: string, dark: boolean): string {
  return dark ? blend(paper, '#ffffff', 0.08) : blend(paper, '#000000', 0.04);
}

/** The theme from the configured colours (spec core §3 defaults), light or dark. */
/**
 * What a person who asks their system for less motion (prefers-reduced-motion) gets: no
 * transitions (menus, dialogs and drawers appear at once, colours change at once) and no ripple
 * on a press. WCAG 2.3.3: motion from interaction can be turned off.
 */
const STILL = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
} as const;

/**
 * A filled button's hover and press colour (MUI's `dark` shade) that its text still reads on at
 * 4.5:1: white text goes on a darker shade, black text (a light primary, as dark mode's) on a
 * lighter one. MUI's own darkened shade put black text on dark mode's primary at 3.2:1 (axe, the
 * support form's Send under the pointer).
 */
export function pressedShade(main: string): string {
  const whiteText = getContrastRatio(main, '#fff') >= 4.5;
  return whiteText ? darken(main, 0.2) : lighten(main, 0.15);
}

export function buildTheme(config: ClientConfig, dark: boolean, reducedMotion = false): Theme {
  const c = dark ? config.colours.dark : config.colours.light;
  const s = dark ? SURFACES.dark : SURFACES.light;
  // Links and the primary colour read on every surface: checked on the lighter (dark mode) or
  // darker (light mode) of page and paper. The default dark primary #0F60B1 reads at 3:1 only.
  const worst = dark ? s.paper : s.page;
  const primary = readableOn(c.primary, worst);
  const ring = readableOn(c.primary, worst, 3);
  const focusRing = { outline: `2px solid ${ring}`, outlineOffset: 2 };
  const insetRing = { outline: `2px solid ${ring}`, outlineOffset: -2 };
  return createTheme({
    ...(reducedMotion ? STILL : {}),
    palette: {
      mode: dark ? 'dark' : 'light',
      // Text on a coloured surface (buttons, filled alerts) picks black or white at 4.5:1 (AA).
      contrastThreshold: 4.5,
      primary: { main: primary, dark: pressedShade(primary) },
      secondary: { main: c.secondary },
      warning: { main: c.accent },
      background: { default: s.page, paper: s.paper },
      divider: s.border,
      ...(dark ? {} : { text: { primary: '#1c1d21', secondary: '#5d616b' } }),
    },
    shape: { borderRadius: 8 },
    spacing: 8,
    typography: {
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: 14,
      h1: { fontSize: '1.75rem', fontWeight: 600, letterSpacing: '-0.01em', lineHeight: 1.25 },
      h2: { fontSize: '1.5rem', fontWeight: 600, letterSpacing: '-0.01em', lineHeight: 1.3 },
      h3: { fontSize: '1.3rem', fontWeight: 600, lineHeight: 1.3 },
      h4: { fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.35 },
      h5: { fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.4 },
      h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.4 },
      subtitle1: { fontSize: '0.975rem', lineHeight: 1.45 },
      subtitle2: { fontSize: '0.875rem', fontWeight: 600 },
      body1: { fontSize: '0.9375rem', lineHeight: 1.5 },
      body2: { fontSize: '0.875rem', lineHeight: 1.45 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 600, letterSpacing: '0.06em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // Plain anchors (router links in screens) take the readable primary, not the browser's blue.
          a: { color: primary },
          '*:focus-visible': focusRing,
        },
      },
      // Every button, list entry, tab, clickable chip and menu item is a ButtonBase, which drops
      // the browser's outline: the ring comes back on keyboard focus.
      MuiButtonBase: {
        ...(reducedMotion ? { defaultProps: { disableRipple: true } } : {}),
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      // Inside lists and menus the ring is drawn inset, so a scrolling panel does not clip it.
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: {
          root: { '&:focus-visible, &.Mui-focusVisible': { ...focusRing, borderRadius: 2 } },
        },
      },
      // Fields are compact (40 px rather than 56): a record reads as data, not as a stack of boxes.
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      MuiAutocomplete: { defaultProps: { size: 'small' } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: ring, borderWidth: 2 },
          },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: { backgroundColor: c.header, borderBottom: `1px solid ${alpha('#000', 0.2)}` },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 6 }, sizeSmall: { padding: '2px 10px' } },
      },
      MuiPaper: {
        // Panels are told apart by a hairline, not by shadow; dark mode's grey overlay goes too.
        styleOverrides: { root: { backgroundImage: 'none' }, outlined: { borderColor: s.border } },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiDrawer: {
        styleOverrides: { paper: { backgroundColor: s.page, borderColor: s.border } },
      },
      MuiDialog: { styleOverrides: { paper: { border: `1px solid ${s.border}` } } },
      MuiPopover: {
        styleOverrides: {
          paper: { boxShadow: dark ? '0 8px 24px rgba(0,0,0,0.5)' : '0 8px 24px rgba(16,24,40,0.12)' },
        },
      },
      MuiChip: { styleOverrides: { root: { borderRadius: 6, fontWeight: 500 } } },
      MuiTooltip: { styleOverrides: { tooltip: { fontSize: '0.75rem' } } },
      MuiListSubheader: {
        styleOverrides: {
          root: {
            fontSize: '0.75rem',
            fontWeight: 600,
            letterSpacing: '0.04em',
            textTransform: 'uppercase',
            lineHeight: '32px',
          },
        },
      },
      MuiTableCell: { styleOverrides: { root: { borderColor: s.border }, head: { fontWeight: 600 } } },
      // The open item's row is tinted with the primary colour (MUI's selected opacity, 0.16 on
      // dark), the row under the pointer with MUI's hover shade: on each, the row's link is
      // brought to 4.5:1 (on dark it read at 4.0:1 on both).
      MuiTableRow: {
        styleOverrides: {
          root: {
            '&.MuiTableRow-hover:hover a': { color: readableOn(primary, rowHover(s.paper, dark)) },
            '&.Mui-selected a': { color: readableOn(primary, blend(s.paper, primary, dark ? 0.16 : 0.08)) },
          },
        },
      },
      MuiDivider: { styleOverrides: { root: { borderColor: s.border } } },
    },
  });
}
