import { useEffect, useState } from 'react';

/** The longest a part waits for an idle moment: a page kept busy still shows it. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * False on the first render, true once the browser has had an idle moment (or after 1.5 s): what is
 * below the fold or behind a button renders then, and a page's first paint (its first chart) does not
 * wait for it. Browsers without requestIdleCallback (Safari) wait for the next task instead.
 */
export const useIdle = (): boolean => {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(timer);
  }, [idle]);
  return idle;
};
