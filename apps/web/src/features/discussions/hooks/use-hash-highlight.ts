import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { postAnchor, postTargetOf, type PostTarget } from '../utils/post-hash';

/** Spec §9: a linked comment stays highlighted 5 s. */
export const HIGHLIGHT_MS = 5_000;

/**
 * The post the address's hash links to, once its element is on the page: scrolled into view,
 * focused for screen readers, and answered as highlighted for 5 s. `ready` waits for the list to load.
 */
export const useHashHighlight = (ready: boolean): string | null => {
  const { hash } = useLocation();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    const target: PostTarget | null = postTargetOf(hash);
    if (!ready || !target) return;
    const anchor = postAnchor(target);
    const element = document.getElementById(anchor);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    setHighlighted(anchor);
    // Panels above it (a map, photos) may still grow as they load: brought into view once more.
    const again = window.setTimeout(() => document.getElementById(anchor)?.scrollIntoView({ block: 'center' }), 1_000);
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => {
      window.clearTimeout(again);
      window.clearTimeout(timer);
    };
  }, [hash, ready]);
  return highlighted;
};
