import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Project thumbnails as a list laid out in a grid. */
export const ProjectGrid = ({
  children,
  busy = false,
  labelledBy,
}: {
  children: ReactNode;
  busy?: boolean;
  labelledBy: string;
}) => (
  <Box
    component="ul"
    aria-labelledby={labelledBy}
    aria-busy={busy || undefined}
    sx={{
      listStyle: 'none',
      m: 0,
      p: 0,
      display: 'grid',
      gap: 2,
      // One column on phones, then as many 260 px columns as fit.
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
    }}
  >
    {children}
  </Box>
);
