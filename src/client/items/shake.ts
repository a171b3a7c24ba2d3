import { keyframes } from '@mui/material/styles';

// A failed form shakes its invalid fields for 1 s (spec core §5, §9), unless the user asked
// for reduced motion.

export const SHAKE_MS = 1_000;

const shake = keyframes`
  10%, 90% { transform: translateX(-1px); }
  20%, 80% { transform: translateX(2px); }
  30%, 50%, 70% { transform: translateX(-4px); }
  40%, 60% { transform: translateX(4px); }
`;

export const shakeSx = {
  '&[data-shake="true"]': {
    animation: `${shake} ${SHAKE_MS}ms ease-in-out`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  },
} as const;

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}
