import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../config';
import { blend, buildTheme, readableOn, rowHover, SURFACES } from './theme';

// The theme's colours are checked against the surfaces they sit on, in both modes, with the
// spec's default colours and with a pale configured primary a site might choose.

const DEFAULTS = {
  light: { header: '#424242', primary: '#1976D2', secondary: '#424242', accent: '#FDD835' },
  dark: { header: '#424242', primary: '#0F60B1', secondary: '#424242', accent: '#F9A825' },
};
const configWith = (colours: ClientConfig['colours']) => ({ colours }) as ClientConfig;
const PALE = { ...DEFAULTS.light, primary: '#9ad0ff' };

describe('buildTheme', () => {
  for (const dark of [false, true]) {
    const mode = dark ? 'dark' : 'light';
    const s = SURFACES[mode];
    for (const [name, colours] of [
      ['default', DEFAULTS],
      ['pale primary', { light: PALE, dark: PALE }],
    ] as const) {
      it(`makes links readable at 4.5:1 on page and panel (${mode}, ${name})`, () => {
        const theme = buildTheme(configWith(colours), dark);
        for (const bg of [s.page, s.paper])
          expect(getContrastRatio(theme.palette.primary.main, bg)).toBeGreaterThanOrEqual(4.5);
        // Plain anchors take the same colour.
        const baseline = theme.components?.MuiCssBaseline?.styleOverrides as Record<
          string,
          { color?: string }
        >;
        expect(baseline.a?.color).toBe(theme.palette.primary.main);
      });
    }

    it(`draws a 2 px focus ring at 3:1 or more on buttons and list entries (${mode})`, () => {
      const theme = buildTheme(configWith(DEFAULTS), dark);
      const ring = (component: 'MuiButtonBase' | 'MuiListItemButton') => {
        const root = (theme.components?.[component]?.styleOverrides as { root: Record<string, unknown> })
          .root['&.Mui-focusVisible'] as { outline: string };
        return root.outline;
      };
      for (const c of ['MuiButtonBase', 'MuiListItemButton'] as const) {
        const [, width, style, colour] = /^(\S+) (\S+) (.+)$/.exec(ring(c))!;
        expect(parseFloat(width!)).toBeGreaterThanOrEqual(2);
        expect(style).toBe('solid');
        for (const bg of [s.page, s.paper]) expect(getContrastRatio(colour!, bg)).toBeGreaterThanOrEqual(3);
      }
    });
  }

  for (const dark of [false, true])
    it(`keeps a filled button's text readable under the pointer (${dark ? 'dark' : 'light'})`, () => {
      const p = buildTheme(configWith(DEFAULTS), dark).palette.primary;
      expect(getContrastRatio(p.contrastText, p.main)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(p.contrastText, p.dark)).toBeGreaterThanOrEqual(4.5);
    });

  it('keeps still for a person who asks for less motion: no transitions, no ripple', () => {
    const still = buildTheme(configWith(DEFAULTS), false, true);
    expect(still.transitions.create(['opacity'])).toBe('none');
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    const moving = buildTheme(configWith(DEFAULTS), false);
    expect(moving.transitions.create(['opacity'])).not.toBe('none');
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });

  it('keeps the configured primary when it already reads well', () => {
    expect(buildTheme(configWith(DEFAULTS), false).palette.primary.main.toLowerCase()).not.toBe('#ffffff');
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
  });

  // A list's open row is tinted with the primary (MUI's selected opacity): its name's link read
  // at 4.0:1 there in dark mode (axe, consult-file.e2e.ts).
  for (const dark of [false, true])
    it(`makes the open row's link readable on its tint (${dark ? 'dark' : 'light'})`, () => {
      const theme = buildTheme(configWith(DEFAULTS), dark);
      const s = SURFACES[dark ? 'dark' : 'light'];
      const tint = blend(s.paper, theme.palette.primary.main, dark ? 0.16 : 0.08);
      const root = (
        theme.components?.MuiTableRow?.styleOverrides as { root: Record<string, { color: string }> }
      ).root;
      expect(getContrastRatio(root['&.Mui-selected a']!.color, tint)).toBeGreaterThanOrEqual(4.5);
      // The row under the pointer too (MUI's hover shade): 3.98:1 on dark (a11y-views).
      const hover = root['&.MuiTableRow-hover:hover a']!.color;
      expect(getContrastRatio(hover, rowHover(s.paper, dark))).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(theme.palette.primary.main, tint)).toBeLessThan(dark ? 4.5 : 99);
    });
});
