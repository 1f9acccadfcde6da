import type { CSSObject } from '@mui/material/styles';

/** Hidden on screen, still read by screen readers. A plain style object, so it can be spread into another. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const satisfies CSSObject;
