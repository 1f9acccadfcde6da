import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

/** Spec §2: stops at about 1/1.3 of the screen's height and at half. */
export const PANE_STOPS = [0.5, 1 / 1.3] as const;
const [HALF, MOST] = PANE_STOPS;
const MIN_FRACTION = 0.2;
const MAX_FRACTION = 0.92;

const nearestStop = (fraction: number): number =>
  PANE_STOPS.reduce((best, stop) => (Math.abs(stop - fraction) < Math.abs(best - fraction) ? stop : best), HALF);

type BottomPaneProps = {
  /** Names the pane (a region) for screen readers. */
  readonly label: string;
  /** Names the drag handle (a separator) for screen readers. */
  readonly handleLabel: string;
  readonly children: ReactNode;
  /** Its height in pixels, whenever it settles (so the map can keep a selected marker above it). */
  readonly onHeightChange?: (height: number) => void;
};

/**
 * A panel over the bottom of the screen (spec §2, screens 1040 px wide or narrower): drag its handle,
 * or focus it and use the arrow keys (up: most of the screen, down: half) or Enter to switch stops.
 */
export const BottomPane = ({ label, handleLabel, children, onHeightChange }: BottomPaneProps) => {
  const [fraction, setFraction] = useState<number>(HALF);
  const [dragging, setDragging] = useState(false);
  const startRef = useRef<{ y: number; fraction: number } | null>(null);
  const [viewportHeight, setViewportHeight] = useState(() => window.innerHeight);

  useEffect(() => {
    const onResize = () => setViewportHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const settledHeight = dragging ? null : Math.round(fraction * viewportHeight);
  useEffect(() => {
    if (settledHeight !== null) onHeightChange?.(settledHeight);
  }, [settledHeight, onHeightChange]);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      startRef.current = { y: event.clientY, fraction };
      setDragging(true);
    },
    [fraction],
  );
  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      const start = startRef.current;
      if (!start) return;
      const next = start.fraction + (start.y - event.clientY) / viewportHeight;
      setFraction(Math.min(MAX_FRACTION, Math.max(MIN_FRACTION, next)));
    },
    [viewportHeight],
  );
  const onPointerUp = useCallback(() => {
    if (!startRef.current) return;
    startRef.current = null;
    setDragging(false);
    setFraction((value) => nearestStop(value));
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number | undefined> = {
      ArrowUp: MOST,
      ArrowDown: HALF,
      Home: HALF,
      End: MOST,
      Enter: fraction < MOST ? MOST : HALF,
      ' ': fraction < MOST ? MOST : HALF,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setFraction(target);
  };

  return (
    <Paper
      component="section"
      aria-label={label}
      elevation={8}
      data-pane-fraction={fraction.toFixed(2)}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: Math.round(fraction * viewportHeight),
        zIndex: (theme) => theme.zIndex.appBar - 1,
        display: 'flex',
        flexDirection: 'column',
        borderTopLeftRadius: 12,
        borderTopRightRadius: 12,
        transition: dragging ? 'none' : 'height 160ms ease-out',
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <Box
        role="separator"
        aria-orientation="horizontal"
        aria-label={handleLabel}
        aria-valuemin={Math.round(HALF * 100)}
        aria-valuemax={Math.round(MOST * 100)}
        aria-valuenow={Math.round(fraction * 100)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        sx={{
          flexShrink: 0,
          height: 28,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: 'ns-resize',
          touchAction: 'none',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        <Box aria-hidden sx={{ width: 44, height: 5, borderRadius: 3, bgcolor: 'grey.500' }} />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 1.5, pb: 2 }}>{children}</Box>
    </Paper>
  );
};
