import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey, type RouteContract } from '@groundtruth/contracts';
import type { z } from 'zod';

let held: Map<string, unknown> | null = null;

/** The answers the server wrote into the page (read once, then the element is gone). */
const answers = (): Map<string, unknown> => {
  if (held) return held;
  held = new Map();
  if (typeof document === 'undefined') return held;
  const element = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element) return held;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object') for (const [k, v] of Object.entries(parsed)) held.set(k, v);
  } catch {
    // A page without usable answers asks the API as usual.
  }
  return held;
};

/**
 * A GET's answer the server already wrote into the page it served (apps/api/src/web/first-answers.ts:
 * only answers that are the same for every caller, such as a bookmark a token names), so the first
 * data of a page opened from a link does not wait for the app's code to run before it is asked for.
 * Each is used once: later calls go to the API. Undefined when the page holds none for this call, or
 * when it does not read as the route's answer.
 */
export const takeFirstAnswer = <R extends RouteContract & { response: z.ZodType }>(
  route: R,
  query: Readonly<Record<string, string>> = {},
): z.infer<R['response']> | undefined => {
  const all = answers();
  const key = firstAnswerKey(route, query);
  if (!all.has(key)) return undefined;
  const value = all.get(key);
  all.delete(key);
  const parsed = route.response.safeParse(value);
  return parsed.success ? (parsed.data as z.infer<R['response']>) : undefined;
};
