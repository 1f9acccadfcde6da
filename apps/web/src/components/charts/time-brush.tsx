import Box from '@mui/material/Box';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bandSpan, hasDragged, keyboardZoom, releaseZoom, selectionToRange } from './brush';
import { MARGIN_X } from './chart-parts';
import type { TimeRange } from './chart-types';

type TimeBrushProps = {
  /** The chart's window: what the plot's width spans. */
  readonly domain: TimeRange;
  /** The chart's drawn width (px), margins included. */
  readonly width: number;
  /** On release of a drag (or a zoom key): the span to show. */
  readonly onZoom: (range: TimeRange) => void;
  /**
   * A bar chart's bars (their starts, in order, and their length): the plot is split evenly between
   * them, not laid out in time, so a span dragged is the bars it covers.
   */
  readonly bars?: { readonly starts: readonly number[]; readonly stepMs: number };
  readonly children: ReactNode;
};

type Drag = { readonly a: number; readonly b: number; readonly pressPx: number; readonly dragged: boolean };

/**
 * Drag across a time chart to zoom to that span (spec §4: a temporary brush while dragging, the zoom
 * on release; a click is no zoom, a span under 5 px is widened to 5 px), as the scrubber does
 * (components/charts/brush.ts). The keyboard's alternative: the chart takes focus, + and − zoom in and
 * out, ← and → move. Only horizontal drags are taken on a touch screen: a vertical one scrolls the page.
 * The chart's own layers (lines, tooltips, the data-event layer) are drawn inside, unchanged.
 */
export const TimeBrush = ({ domain, width, onZoom, bars, children }: TimeBrushProps) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Read by the release from a ref, not a render: moves and release may come before a frame is drawn.
  const dragRef = useRef<Drag | null>(null);
  const [drag, setDragState] = useState<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const inner = Math.max(1, width - MARGIN_X.left - MARGIN_X.right);
  /** The pointer's place along the plot (px from its left edge), kept on the plot. */
  const plotPx = (e: PointerEvent) =>
    Math.max(0, Math.min(inner, e.clientX - (box.current?.getBoundingClientRect().left ?? 0) - MARGIN_X.left));

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const at = plotPx(e);
    try {
      box.current?.setPointerCapture?.(e.pointerId);
    } catch {
      // A pointer already gone cannot be captured; the drag still follows it over the chart.
    }
    setDrag({ a: at, b: at, pressPx: at, dragged: false });
  };
  const movedTo = (current: Drag, e: PointerEvent): Drag => {
    const at = plotPx(e);
    return { ...current, b: at, dragged: hasDragged(current.dragged, current.pressPx, at) };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (dragRef.current) setDrag(movedTo(dragRef.current, e));
  };
  const onPointerUp = (e: PointerEvent) => {
    const current = dragRef.current;
    if (!current) return;
    setDrag(null);
    const last = movedTo(current, e);
    if (bars && bars.starts.length > 0) {
      if (!last.dragged) return;
      const [left, right] = selectionToRange(last.a, last.b, inner, [0, inner]);
      onZoom(bandSpan(left, right, inner, bars.starts, bars.stepMs));
      return;
    }
    const range = releaseZoom(last, inner, domain);
    if (range !== null) onZoom(range);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && dragRef.current) {
      setDrag(null);
      return;
    }
    const range = keyboardZoom(e.key, domain);
    if (range === null) return;
    e.preventDefault();
    onZoom(range);
  };

  const shown = drag?.dragged ? [Math.min(drag.a, drag.b), Math.max(drag.a, drag.b)] : null;
  return (
    <Box
      ref={box}
      role="group"
      tabIndex={0}
      aria-label={t('charts.zoomArea')}
      aria-keyshortcuts="+ - ArrowLeft ArrowRight"
      data-testid="chart-zoom-area"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onKeyDown={onKeyDown}
      sx={{
        position: 'relative',
        touchAction: 'pan-y',
        userSelect: 'none',
        cursor: 'crosshair',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
      {shown && (
        <Box
          data-testid="chart-brush"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: MARGIN_X.left + shown[0]!,
            width: Math.max(1, shown[1]! - shown[0]!),
            bgcolor: 'rgba(0, 63, 92, 0.15)',
            borderLeft: '1px solid rgba(0, 63, 92, 0.6)',
            borderRight: '1px solid rgba(0, 63, 92, 0.6)',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
};
