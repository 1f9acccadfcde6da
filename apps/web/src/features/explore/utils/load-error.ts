/**
 * What a failed load tells the reader, from the answer's HTTP status (null when no answer came):
 * a station that is not there or not shared (403, 404) and any other 4xx answer the same again, so no
 * 'Try again' is offered; a network failure or a 5xx may pass, so it is.
 */
export type LoadErrorKind = 'missingStation' | 'refused' | 'retryable';

export const loadErrorKind = (status: number | null): LoadErrorKind => {
  if (status === 403 || status === 404) return 'missingStation';
  if (status !== null && status >= 400 && status < 500) return 'refused';
  return 'retryable';
};
