import type { TimeRange } from './chart-types';

/**
 * Selecting a time span by dragging across a strip of known width over a window: the scrubber under a
 * group and the drag-to-zoom brush over a time chart (spec §4) share these rules.
 */

/** Spec §9: a selection (the scrubber's, a drag across a chart) is at least 5 px wide. */
export const MIN_SELECTION_PX = 5;

/**
 * A selection in pixels (either order) as a time range over `domain` drawn `width` px wide. A
 * selection narrower than 5 px is widened to 5 px around its middle, kept inside the scrubber.
 */
export const selectionToRange = (aPx: number, bPx: number, width: number, domain: TimeRange): TimeRange => {
  let left = Math.max(0, Math.min(aPx, bPx));
  let right = Math.min(width, Math.max(aPx, bPx));
  if (right - left < MIN_SELECTION_PX) {
    const middle = (left + right) / 2;
    left = Math.max(0, Math.min(width - MIN_SELECTION_PX, middle - MIN_SELECTION_PX / 2));
    right = left + MIN_SELECTION_PX;
  }
  const perPx = (domain[1] - domain[0]) / width;
  return [Math.round(domain[0] + left * perPx), Math.round(domain[0] + right * perPx)];
};

/** Where a time falls on the scrubber (px, clamped). */
export const timeToPx = (time: number, width: number, domain: TimeRange): number =>
  Math.max(0, Math.min(width, ((time - domain[0]) / (domain[1] - domain[0])) * width));

/**
 * How far (px) a pointer may wander between press and release and still be a click. A click is not a
 * selection: it zooms nowhere, so the first click of a double-click (which clears the selection) does
 * not zoom the charts to a 5 px sliver first.
 */
export const CLICK_SLOP_PX = 3;

/** Whether a pointer pressed at `pressPx` and now at `atPx` has been dragged (once dragged, it stays a drag). */
export const hasDragged = (wasDragged: boolean, pressPx: number, atPx: number): boolean =>
  wasDragged || Math.abs(atPx - pressPx) >= CLICK_SLOP_PX;

/**
 * What a release does (spec §4 Scrubber): a drag zooms to its selection (widened to 5 px when
 * narrower); a click without a drag does nothing.
 */
export const releaseZoom = (
  release: { readonly a: number; readonly b: number; readonly dragged: boolean },
  width: number,
  domain: TimeRange,
): TimeRange | null => (release.dragged ? selectionToRange(release.a, release.b, width, domain) : null);

/**
 * The keyboard's zoom on a time chart (the drag's alternative): + or = zooms in to the middle half,
 * - zooms out to twice the span around the same middle, ← and → move by a quarter of the span; null
 * for any other key. The caller keeps the answer inside what it may show.
 */
export const keyboardZoom = (key: string, [start, end]: TimeRange): TimeRange | null => {
  const span = end - start;
  const middle = start + span / 2;
  switch (key) {
    case '+':
    case '=':
      return [Math.round(middle - span / 4), Math.round(middle + span / 4)];
    case '-':
    case '_':
      return [Math.round(middle - span), Math.round(middle + span)];
    case 'ArrowLeft':
      return [Math.round(start - span / 4), Math.round(end - span / 4)];
    case 'ArrowRight':
      return [Math.round(start + span / 4), Math.round(end + span / 4)];
    default:
      return null;
  }
};

/**
 * A zoom kept inside `limit` (the group's data): a span wider than the limit becomes the limit, a
 * span past one end slides back inside without changing its length.
 */
export const clampZoom = ([start, end]: TimeRange, limit: TimeRange | null): TimeRange => {
  if (limit === null) return [start, end];
  const span = end - start;
  if (span >= limit[1] - limit[0]) return limit;
  if (start < limit[0]) return [limit[0], limit[0] + span];
  if (end > limit[1]) return [limit[1] - span, limit[1]];
  return [start, end];
};

/**
 * The time span of the bars under a selection on a bar chart, whose plot is split evenly between its
 * bars (`starts`, in order, each `stepMs` long): from the first bar the selection touches to the end
 * of the last.
 */
export const bandSpan = (
  leftPx: number,
  rightPx: number,
  width: number,
  starts: readonly number[],
  stepMs: number,
): TimeRange => {
  const per = width / starts.length;
  const at = (px: number) => Math.max(0, Math.min(starts.length - 1, Math.floor(px / per)));
  const first = starts[at(leftPx)]!;
  const last = starts[at(Math.max(leftPx, rightPx - 0.001))]!;
  return [first, last + stepMs];
};
