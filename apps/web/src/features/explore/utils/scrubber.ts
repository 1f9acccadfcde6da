import type { TimeRange } from './workspace';

/** Spec §9: the scrubber is 50 px high and a selection is at least 5 px wide. */
export const SCRUBBER_HEIGHT = 50;
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
