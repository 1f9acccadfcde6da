import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  readonly children: ReactNode;
  readonly dense?: boolean;
};

/** Text shown where a list has nothing in it. */
export const EmptyState = ({ children, dense = false }: EmptyStateProps) => (
  <Typography variant={dense ? 'body2' : 'body1'} color="text.secondary" sx={{ py: dense ? 1 : 4, px: dense ? 2 : 0 }}>
    {children}
  </Typography>
);
