import { describe, expect, it } from '@jest/globals';
import { mountFor, published, type WorkspaceMount } from './workspace-mount';

describe('which workspace stays mounted while its publishing moves the address', () => {
  it('keeps the workspace when the address trails by more than one of its own changes', () => {
    // Opened on M; the type changed (A published, its save answered, the router still navigating); a
    // series added (B published); then the address arrives at A, and later at B.
    let m = mountFor(null, 'M');
    m = published(m, 'A');
    m = published(m, 'B');
    const atA = mountFor(m, 'A');
    expect(atA.key).toBe(m.key);
    expect(mountFor(atA, 'B').key).toBe(m.key);
  });

  it('control: the rule that knew only the newest published text remounted at A, losing B', () => {
    // The rule before: keep when the text is the last published or the one mounted, else remount.
    const oldRule = (mounted: { key: number; text: string }, text: string, last: string) =>
      text === last || text === mounted.text ? mounted.key : mounted.key + 1;
    expect(oldRule({ key: 0, text: 'M' }, 'A', 'B')).toBe(1);
  });

  it('opens a fresh workspace for a bookmark it never published (a pasted link)', () => {
    let m: WorkspaceMount = mountFor(null, 'M');
    m = published(m, 'A');
    const other = mountFor(m, 'X');
    expect(other.key).toBe(m.key + 1);
    // The fresh workspace's own past starts again: the old one's bookmarks are another workspace's.
    expect(mountFor(other, 'A').key).toBe(other.key + 1);
  });

  it('remembers a bounded number of its own bookmarks', () => {
    let m = mountFor(null, 'b0');
    for (let i = 1; i <= 500; i++) m = published(m, `b${i}`);
    expect(m.own.size).toBe(200);
    expect(m.own.has('b500')).toBe(true);
    expect(m.own.has('b0')).toBe(false);
  });
});
