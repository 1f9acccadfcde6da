import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapViewBoxProps } from './map-types';

// MapLibre (about 250 KB gzip) is fetched only when a map is first shown.
const MapCanvas = lazy(() => import('./map-canvas').then((module) => ({ default: module.MapCanvas })));

const MapLoading = () => {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}
    >
      <CircularProgress size={20} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {t('mapView.loading')}
      </Typography>
    </Box>
  );
};

const MapUnavailable = () => {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('mapView.unavailable')}
      </Typography>
    </Box>
  );
};

type BoundaryProps = { readonly fallback: ReactNode; readonly children: ReactNode };

/** The map's chunk failed to load, or the browser has no WebGL: say so, and keep the page working. */
class MapBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The map could not be shown:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A MapLibre map in a box: controlled view (bounds, or centre and zoom), station markers that are
 * buttons (reachable by keyboard, named for screen readers), overlays as children. Works with no tile
 * service: see map-style.ts. Pages that show a map should also offer the same content as a list.
 */
export const MapView = ({ height = 400, children, ...props }: MapViewBoxProps) => (
  <Box
    sx={{
      position: 'relative',
      height,
      width: '100%',
      overflow: 'hidden',
      bgcolor: '#e9eef0',
      borderRadius: 1,
    }}
  >
    <MapBoundary fallback={<MapUnavailable />}>
      <Suspense fallback={<MapLoading />}>
        <MapCanvas {...props} />
      </Suspense>
    </MapBoundary>
    {children}
  </Box>
);
