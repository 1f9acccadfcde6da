import { describe, expect, it } from '@jest/globals';
import { analysisLimitsFrom } from './analysis-limits.js';
import { ConfigError } from './config-error.js';

describe('analysisLimitsFrom', () => {
  it('takes each limit from its variable, else its default', () => {
    const sut = analysisLimitsFrom({ ANALYSIS_MAX_EXECUTION_SECONDS: '2.5', ANALYSIS_MAX_RESULT_ROWS: '' });
    expect(sut.maxExecutionSeconds).toBe(2.5);
    expect(sut.maxResultRows).toBe(100_000);
    expect(sut.maxMemoryBytes).toBe(512 * 1024 ** 2);
  });

  it('refuses a value that is not a positive number, naming the variable', () => {
    expect(() => analysisLimitsFrom({ ANALYSIS_MAX_MEMORY_BYTES: 'lots' })).toThrow(ConfigError);
    expect(() => analysisLimitsFrom({ ANALYSIS_MAX_THREADS: '0' })).toThrow(/ANALYSIS_MAX_THREADS/);
  });
});
