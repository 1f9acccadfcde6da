import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Logo } from './logo';

type NarrowPageProps = {
  readonly children: ReactNode;
  /** Shows the product mark above the content (the sign-in screens' banner). */
  readonly logo?: boolean;
  readonly width?: number;
};

/** A centred card for the account screens: sign-in, create account, recover, terms. */
export const NarrowPage = ({ children, logo = false, width = 480 }: NarrowPageProps) => (
  <Box sx={{ maxWidth: width, mx: 'auto', py: { xs: 1, md: 3 } }}>
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      {logo ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo size={48} />
        </Box>
      ) : null}
      {children}
    </Paper>
  </Box>
);
