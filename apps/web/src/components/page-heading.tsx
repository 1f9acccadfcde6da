import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

type PageHeadingProps = {
  readonly children: ReactNode;
  /** Move focus here when shown: a screen that replaces its form (sent, created, done) says so to keyboard and screen-reader users. */
  readonly focusOnMount?: boolean;
  readonly id?: string;
  readonly variant?: TypographyProps['variant'];
  readonly component?: 'h1' | 'h2';
};

/** The page's heading; focusable from script only. */
export const PageHeading = ({ children, focusOnMount = false, id, variant = 'h4', component = 'h1' }: PageHeadingProps) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Typography
      ref={ref}
      id={id}
      variant={variant}
      component={component}
      tabIndex={-1}
      sx={{ mb: 2, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
    >
      {children}
    </Typography>
  );
};
