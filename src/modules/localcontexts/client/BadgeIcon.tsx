import { useTheme } from '@mui/material';
import type { LabelDef, LabelGroup } from '../labels';

// The product's own badge for a label (no Local Contexts artwork, nothing fetched): a tag with a
// hole and the label's short code ("TK A", "BC P", "N AI"), in one colour per group. White text on
// these fills has a contrast ratio of at least 7:1, and in dark mode a light edge sets the tag
// apart from the dark page, so the badge reads the same in both modes.

export const GROUP_FILL: Readonly<Record<LabelGroup, string>> = {
  TK: '#7A3410', // a burnt earth brown
  BC: '#1D5E2E', // a deep forest green
  NOTICE: '#33414F', // a slate
};

const PREFIX: Readonly<Record<LabelGroup, string>> = { TK: 'TK', BC: 'BC', NOTICE: 'N' };

/** The text on the badge: its group and code. */
export function badgeText(l: LabelDef): string {
  return `${PREFIX[l.group]} ${l.code}`;
}

/** Decorative: the badge's name is said by its button or by the list around it. */
export function BadgeIcon({ label, height = 22 }: { label: LabelDef; height?: number }) {
  const dark = useTheme().palette.mode === 'dark';
  const text = badgeText(label);
  // A width for the text at 11 px bold (about 7 px a character), the hole and the margins.
  const w = 20 + text.length * 7;
  return (
    <svg
      width={(w * height) / 22}
      height={height}
      viewBox={`0 0 ${w} 22`}
      aria-hidden="true"
      focusable="false"
      data-badge={label.key}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <path
        d={`M6 1 H${w - 4} a3 3 0 0 1 3 3 V18 a3 3 0 0 1 -3 3 H6 L1 14 V8 Z`}
        fill={GROUP_FILL[label.group]}
        stroke={dark ? '#E6E6E6' : 'none'}
        strokeWidth={dark ? 1 : 0}
      />
      <circle cx="6.5" cy="11" r="1.8" fill={dark ? '#E6E6E6' : '#FFFFFF'} />
      <text
        x={(w + 10) / 2}
        y="15"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fill="#FFFFFF"
      >
        {text}
      </text>
    </svg>
  );
}
