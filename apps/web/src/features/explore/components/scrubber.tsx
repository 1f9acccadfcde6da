import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';
import { formatDateTime } from '@/lib/format';
import { SCRUBBER_HEIGHT, hasDragged, releaseZoom, timeToPx } from '../utils/scrubber';
import { OVERVIEW_WIDTH, type OverviewPaths } from '../utils/scrubber-overview';
import type { TimeRange } from '../utils/workspace';

type ScrubberProps = {
  /** The whole span it covers (the group's data). */
  readonly domain: TimeRange;
  /** The visible window, drawn as the selection. */
  readonly selection: TimeRange;
  /** On release: the zoom (spec §4 Scrubber); the whole domain when the selection is cleared. */
  readonly onZoom: (range: TimeRange, cleared: boolean) => void;
  /** The group's data over the whole span (scrubber-overview.ts), drawn small under the selection. */
  readonly overview?: readonly OverviewPaths[];
};

/** The overview's series (every chart's of the group), muted by opacity. */
const OVERVIEW_COLOURS = [partner.colours.primary, '#2a9d8f', '#d45087', '#665191'];

type Drag = {
  mode: 'new' | 'start' | 'end' | 'move';
  originPx: number;
  a: number;
  b: number;
  /** Where the press was, and whether the pointer has left it since (a click is not a drag). */
  pressPx: number;
  dragged: boolean;
};

/**
 * The scrubber under a group (spec §4): drag on it to select a range, drag a handle to change one end,
 * drag the selection to move it; release zooms; a selection under 5 px is widened to 5 px; a click
 * without a drag zooms nowhere, and a double-click anywhere on it clears it (the whole range). The handles are sliders for the keyboard (arrows move an
 * end by 1%, Shift by 10%).
 */
export const Scrubber = ({ domain, selection, onZoom, overview = [] }: ScrubberProps) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // The drag lives in a ref as well as in state: pointer moves render at the browser's pace, and a
  // release can arrive before the last move was drawn, so the release reads the ref, never a stale render.
  const [drag, setDragState] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const [w, setW] = useState(1);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setW(Math.max(1, el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const px = (e: PointerEvent) => e.clientX - (box.current?.getBoundingClientRect().left ?? 0);

  // A press is drawn as a selection only once it moves: a click leaves the selection as it is.
  const shown = drag?.dragged
    ? [Math.min(drag.a, drag.b), Math.max(drag.a, drag.b)]
    : [timeToPx(selection[0], w, domain), timeToPx(selection[1], w, domain)];
  const [left = 0, right = 0] = shown;

  const begin = (mode: Drag['mode']) => (e: PointerEvent) => {
    e.stopPropagation();
    const at = px(e);
    try {
      box.current?.setPointerCapture?.(e.pointerId);
    } catch {
      // A pointer already gone cannot be captured; the drag still follows it inside the scrubber.
    }
    // A selection over the whole scrubber cannot move: dragging on it starts a new one.
    const start = mode === 'move' && right - left >= w - 1 ? 'new' : mode;
    const press = { originPx: at, pressPx: at, dragged: false };
    setDrag(start === 'new' ? { mode: start, ...press, a: at, b: at } : { mode: start, ...press, a: left, b: right });
  };
  /** The drag moved to where the pointer is now. */
  const movedTo = (current: Drag, e: PointerEvent): Drag => {
    const at = Math.max(0, Math.min(w, px(e)));
    const dragged = hasDragged(current.dragged, current.pressPx, at);
    if (current.mode === 'new' || current.mode === 'end') return { ...current, dragged, b: at };
    if (current.mode === 'start') return { ...current, dragged, a: at };
    const span = current.b - current.a;
    const a = Math.max(0, Math.min(w - span, current.a + at - current.originPx));
    return { ...current, dragged, originPx: at, a, b: a + span };
  };
  const onMove = (e: PointerEvent) => {
    if (dragRef.current) setDrag(movedTo(dragRef.current, e));
  };
  const onUp = (e: PointerEvent) => {
    const current = dragRef.current;
    if (!current) return;
    // The release point counts: the browser may have folded the last moves into it.
    const last = movedTo(current, e);
    setDrag(null);
    // A click zooms nowhere: it may be the first half of a double-click, which clears the selection.
    const range = releaseZoom(last, w, domain);
    if (range !== null) onZoom(range, false);
  };

  const step = (end: 'start' | 'end') => (e: KeyboardEvent) => {
    const unit = ((domain[1] - domain[0]) / 100) * (e.shiftKey ? 10 : 1);
    const delta =
      e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -unit : e.key === 'ArrowRight' || e.key === 'ArrowUp' ? unit : 0;
    if (delta === 0) return;
    e.preventDefault();
    const [s, en] = selection;
    const next: TimeRange =
      end === 'start'
        ? [Math.max(domain[0], Math.min(en - unit / 10, s + delta)), en]
        : [s, Math.min(domain[1], Math.max(s + unit / 10, en + delta))];
    onZoom([Math.round(next[0]), Math.round(next[1])], false);
  };

  const handle = (end: 'start' | 'end', x: number) => (
    <Box
      role="slider"
      tabIndex={0}
      aria-label={t(end === 'start' ? 'explore.scrubberStart' : 'explore.scrubberEnd')}
      aria-valuemin={domain[0]}
      aria-valuemax={domain[1]}
      aria-valuenow={end === 'start' ? selection[0] : selection[1]}
      aria-valuetext={formatDateTime(end === 'start' ? selection[0] : selection[1])}
      onPointerDown={begin(end)}
      onKeyDown={step(end)}
      data-testid={`scrubber-${end}`}
      sx={{
        position: 'absolute',
        top: 0,
        left: x - 6,
        width: 12,
        height: SCRUBBER_HEIGHT,
        cursor: 'ew-resize',
        '&::after': {
          content: '""',
          position: 'absolute',
          left: 5,
          top: 8,
          bottom: 8,
          width: 2,
          bgcolor: partner.colours.primary,
        },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    />
  );

  return (
    <Box
      ref={box}
      role="group"
      aria-label={t('explore.scrubber')}
      data-testid="scrubber"
      onPointerDown={begin('new')}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={() => setDrag(null)}
      onDoubleClick={() => onZoom(domain, true)}
      sx={{
        position: 'relative',
        height: SCRUBBER_HEIGHT,
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'grey.300',
        borderRadius: 1,
        touchAction: 'none',
        userSelect: 'none',
        cursor: 'crosshair',
      }}
    >
      {overview.length > 0 && (
        <svg
          data-testid="scrubber-overview"
          role="img"
          aria-label={t('explore.scrubberOverview')}
          viewBox={`0 0 ${OVERVIEW_WIDTH} ${SCRUBBER_HEIGHT}`}
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        >
          {overview.map((paths, i) => (
            <g key={paths.id} data-series={paths.id}>
              <path d={paths.band} fill={OVERVIEW_COLOURS[i % OVERVIEW_COLOURS.length]} fillOpacity={0.25} stroke="none" />
              <path
                d={paths.line}
                fill="none"
                stroke={OVERVIEW_COLOURS[i % OVERVIEW_COLOURS.length]}
                strokeOpacity={0.7}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            </g>
          ))}
        </svg>
      )}
      <Box
        onPointerDown={begin('move')}
        sx={{
          position: 'absolute',
          top: 0,
          height: '100%',
          left,
          width: Math.max(0, right - left),
          bgcolor: 'rgba(0, 63, 92, 0.18)',
          cursor: 'grab',
        }}
      />
      {handle('start', left)}
      {handle('end', right)}
    </Box>
  );
};
