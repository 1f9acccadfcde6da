import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** One block of the sidebar: projects, stations, later sensors. */
export type SidebarSection = {
  readonly id: string;
  readonly title: string;
  readonly icon: ReactNode;
  /** Where the section's heading (and its rail icon) leads; without it the rail icon expands the sidebar. */
  readonly href?: string;
  readonly content: ReactNode;
};

export const SIDEBAR_WIDTH = 264;
export const RAIL_WIDTH = 72;

/** The full sidebar: each section's heading and its content. */
export const SidebarFull = ({ sections }: { sections: readonly SidebarSection[] }) => (
  <Stack divider={<Divider flexItem />} sx={{ py: 1 }}>
    {sections.map((section) => {
      const headingId = `sidebar-${section.id}-heading`;
      const title = (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box component="span" aria-hidden sx={{ display: 'flex', color: 'primary.main' }}>
            {section.icon}
          </Box>
          <span>{section.title}</span>
        </Stack>
      );
      return (
        <Box key={section.id} component="section" aria-labelledby={headingId} sx={{ py: 1 }}>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, px: 2, py: 1 }}>
            {section.href ? (
              <Box
                component={RouterLink}
                to={section.href}
                sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
              >
                {title}
              </Box>
            ) : (
              title
            )}
          </Typography>
          {section.content}
        </Box>
      );
    })}
  </Stack>
);

/** The narrow sidebar: one labelled icon per section. */
export const SidebarRail = ({ sections, onExpand }: { sections: readonly SidebarSection[]; onExpand: () => void }) => (
  <List sx={{ py: 1 }}>
    {sections.map((section) => (
      <li key={section.id}>
        <Tooltip title={section.title} placement="right">
          {section.href ? (
            <ListItemButton
              component={RouterLink}
              to={section.href}
              aria-label={section.title}
              sx={{ justifyContent: 'center', py: 1.5, color: 'primary.main' }}
            >
              {section.icon}
            </ListItemButton>
          ) : (
            <ListItemButton
              onClick={onExpand}
              aria-label={section.title}
              sx={{ justifyContent: 'center', py: 1.5, color: 'primary.main' }}
            >
              {section.icon}
            </ListItemButton>
          )}
        </Tooltip>
      </li>
    ))}
  </List>
);
