import { describe, expect, it } from '@jest/globals';
import { flattenState } from './flatten-state';

describe('flattenState', () => {
  it('does list leaves by path, keeping lists, hidden values and empty objects whole', () => {
    const sut = flattenState({
      status: 'active',
      details: { name: 'Pier', tags: ['a', 'b'] },
      invites: {},
      email: { $hidden: 'erased' },
    });
    expect(sut).toEqual([
      { path: 'status', value: 'active' },
      { path: 'details.name', value: 'Pier' },
      { path: 'details.tags', value: ['a', 'b'] },
      { path: 'invites', value: {} },
      { path: 'email', value: { $hidden: 'erased' } },
    ]);
  });

  it('does give one row for a scalar state', () => {
    expect(flattenState(null)).toEqual([{ path: '.', value: null }]);
  });
});
