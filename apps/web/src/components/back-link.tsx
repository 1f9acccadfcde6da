import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type BackLinkProps = {
  readonly to: string;
  readonly children: ReactNode;
};

/** Spec §2 Layout: back links to projects, a project's dashboard, stations, the map, a station. */
export const BackLink = ({ to, children }: BackLinkProps) => (
  <Link
    component={RouterLink}
    to={to}
    underline="hover"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2, fontWeight: 600 }}
  >
    <ArrowBackIcon fontSize="small" aria-hidden />
    {children}
  </Link>
);
