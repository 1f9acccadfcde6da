import { describe, expect, it } from '@jest/globals';
import { loadErrorKind } from './load-error';

describe('a failed load', () => {
  it('is a missing or unshared station when the API says 404 or 403', () => {
    expect(loadErrorKind(404)).toBe('missingStation');
    expect(loadErrorKind(403)).toBe('missingStation');
  });

  it('is not worth retrying for any other 4xx', () => {
    expect(loadErrorKind(400)).toBe('refused');
    expect(loadErrorKind(422)).toBe('refused');
  });

  it('may pass on a retry after a network failure or a 5xx', () => {
    expect(loadErrorKind(null)).toBe('retryable');
    expect(loadErrorKind(0)).toBe('retryable');
    expect(loadErrorKind(500)).toBe('retryable');
    expect(loadErrorKind(503)).toBe('retryable');
  });
});
