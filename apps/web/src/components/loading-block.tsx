import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

/**
 * A part of a page while its data loads: busy for assistive technology, which hears `label`; the
 * children (skeletons, hidden from it) show the shape to come.
 */
export const LoadingBlock = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box aria-busy="true">
    <Typography role="status" sx={visuallyHidden}>
      {label}
    </Typography>
    {children}
  </Box>
);
