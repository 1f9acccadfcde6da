import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A comment's or a data event's box: an article named by its heading, reachable by its anchor
 * (`#comment-id-…`, `#event-id-…`, focused when linked), highlighted while linked.
 */
export const PostArticle = ({
  anchor,
  labelledBy,
  testId,
  highlighted,
  sx,
  children,
}: {
  readonly anchor: string;
  readonly labelledBy: string;
  readonly testId: string;
  readonly highlighted: boolean;
  readonly sx?: SxProps<Theme>;
  readonly children: ReactNode;
}) => (
  <Box
    component="article"
    id={anchor}
    tabIndex={-1}
    aria-labelledby={labelledBy}
    data-testid={testId}
    data-highlighted={highlighted ? 'true' : undefined}
    sx={[
      {
        borderRadius: 1,
        p: 1,
        outline: 'none',
        transition: 'background-color 300ms',
        bgcolor: highlighted ? 'warning.light' : 'transparent',
        '&:focus-visible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` },
      },
      ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
    ]}
  >
    {children}
  </Box>
);
