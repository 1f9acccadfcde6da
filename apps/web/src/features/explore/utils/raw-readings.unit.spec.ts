import { describe, expect, it } from '@jest/globals';
import { rawStillAsked, rawToggle } from './raw-readings';

describe('raw readings on a chart', () => {
  it('offers raw readings beside a summary of a short window', () => {
    expect(rawToggle(false, true, 'aggregated')).toBe('showRaw');
  });

  it('offers the summary back only while the raw answer is shown', () => {
    expect(rawToggle(true, true, 'raw')).toBe('showSummarised');
    // The raw answer still loading: the summary is shown, and neither button.
    expect(rawToggle(true, true, 'aggregated')).toBeNull();
  });

  it('offers nothing over a window too long for raw readings (a week of a summary)', () => {
    expect(rawToggle(true, false, 'aggregated')).toBeNull();
    expect(rawToggle(false, false, 'aggregated')).toBeNull();
  });

  it('offers nothing when a short window comes back raw without asking', () => {
    expect(rawToggle(false, true, 'raw')).toBeNull();
  });

  it('ends the request for raw readings when the window grows too long for them', () => {
    expect(rawStillAsked(true, true)).toBe(true);
    expect(rawStillAsked(true, false)).toBe(false);
    expect(rawStillAsked(false, true)).toBe(false);
  });
});
