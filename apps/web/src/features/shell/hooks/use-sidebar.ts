import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useState } from 'react';

/**
 * wide: a full sidebar beside the content, collapsible to a rail (1040 px and up);
 * rail: forced narrow (spec §9: below 1040, or when a route asks for it), full content opens over the page;
 * hidden: phones (below 768), the menu button opens the full sidebar over the page.
 */
export type SidebarMode = 'wide' | 'rail' | 'hidden';

export type SidebarState = {
  readonly mode: SidebarMode;
  /** True when the full sidebar is showing, beside or over the page. */
  readonly expanded: boolean;
  readonly overlayOpen: boolean;
  readonly toggle: () => void;
  readonly expand: () => void;
  readonly closeOverlay: () => void;
};

export const useSidebar = (forceNarrow: boolean): SidebarState => {
  const theme = useTheme();
  const wideScreen = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const mediumScreen = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const mode: SidebarMode = wideScreen && !forceNarrow ? 'wide' : mediumScreen ? 'rail' : 'hidden';

  const [collapsed, setCollapsed] = useState(false);
  const [overlayRequested, setOverlayRequested] = useState(false);
  const overlayOpen = mode !== 'wide' && overlayRequested;

  const toggle = useCallback(() => {
    if (mode === 'wide') setCollapsed((value) => !value);
    else setOverlayRequested((value) => !value);
  }, [mode]);
  const expand = useCallback(() => {
    if (mode === 'wide') setCollapsed(false);
    else setOverlayRequested(true);
  }, [mode]);
  const closeOverlay = useCallback(() => setOverlayRequested(false), []);

  return { mode, expanded: mode === 'wide' ? !collapsed : overlayOpen, overlayOpen, toggle, expand, closeOverlay };
};
