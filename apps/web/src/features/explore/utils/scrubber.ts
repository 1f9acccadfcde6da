/** Spec §9: the scrubber is 50 px high. */
export const SCRUBBER_HEIGHT = 50;

/** Its selection rules are the charts' drag-to-zoom rules too (components/charts/brush.ts). */
export { CLICK_SLOP_PX, MIN_SELECTION_PX, hasDragged, releaseZoom, selectionToRange, timeToPx } from '@/components/charts/brush';
