import { useEffect, useRef } from 'react';

/**
 * The summary takes focus when it opens, so screen readers read it next; when it closes, focus goes
 * back to the station's marker. Answers the ref for the summary's region.
 */
export const useSummaryFocus = (selectedId: number | null, mode: 'map' | 'list') => {
  const panelRef = useRef<HTMLDivElement>(null);
  const previousId = useRef<number | null>(null);
  useEffect(() => {
    const previous = previousId.current;
    previousId.current = selectedId;
    if (mode !== 'map') return;
    if (selectedId !== null) {
      panelRef.current?.focus({ preventScroll: true });
      return;
    }
    if (previous === null) return;
    // The map re-clusters once the panel is gone and may redraw the marker a moment later: keep focus
    // on it for about a second, unless the visitor has moved focus somewhere else meanwhile.
    let frame = 0;
    let frames = 0;
    const keepOnMarker = () => {
      const marker = document.querySelector<HTMLElement>(`[data-marker-id="${previous}"]`);
      const active = document.activeElement;
      const lost = active === null || active === document.body || !active.isConnected;
      if (marker && active !== marker && (lost || frames === 0)) marker.focus({ preventScroll: true });
      if (++frames < 60 && (lost || active === marker || marker === null)) frame = requestAnimationFrame(keepOnMarker);
    };
    keepOnMarker();
    return () => cancelAnimationFrame(frame);
  }, [selectedId, mode]);
  return panelRef;
};
