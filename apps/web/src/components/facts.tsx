import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type FactRow = { readonly label: string; readonly value: ReactNode };

type FactsProps = {
  readonly rows: readonly FactRow[];
  /** Tighter spacing, for a header beside a photo. */
  readonly dense?: boolean;
};

/** A definition list of label/value rows in two columns (labels as wide as the longest). */
export const Facts = ({ rows, dense = false }: FactsProps) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: 'max-content minmax(0, 1fr)',
      columnGap: dense ? 1.5 : 2,
      rowGap: dense ? 0.25 : 0.75,
    }}
  >
    {rows.map((row) => (
      <Box key={row.label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {row.label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {row.value}
        </Typography>
      </Box>
    ))}
  </Box>
);
