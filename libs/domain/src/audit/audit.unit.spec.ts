import { projectDecider } from '../projects/project.decider.js';
import { projectCreated } from '../projects/project.test-fixtures.js';
import { upcastProjectCreated } from '../projects/project.upcasters.js';
import { createUpcasters } from '../event-upcasters.js';
import { auditedStreamOf, auditedStreams } from './audited-streams.js';
import { hidden, hideSecrets, replacePaths } from './hidden-fields.js';
import { diffPlain, toPlain } from './plain-state.js';
import { indexAtTime, replayTo } from './replay.js';

const renamed = (name: string) => ({
  type: 'ProjectUpdated' as const,
  data: { projectId: 12, changes: { name }, updatedAt: '2026-04-02T00:00:00.000Z' },
});
const followed = { type: 'ProjectFollowed' as const, data: { projectId: 12, userId: 9, followedAt: '2026-04-03T00:00:00.000Z' } };

describe('audited streams', () => {
  it.each([
    ['project-12', 'project', '12'],
    ['station-notes-4', 'station-notes', '4'],
    ['station-4', 'station', '4'],
    ['session-0b5c-77', 'session', '0b5c-77'],
    ['data-event-3', 'data-event', '3'],
    ['moderation-post-5', 'moderation', 'post-5'],
  ])('does name the kind of %s, longest kind first', (streamId, kind, id) => {
    expect(auditedStreamOf(streamId)).toMatchObject({ stream: { kind }, id });
  });

  it('does know no kind for other names', () => {
    expect(auditedStreamOf('widget-1')).toBeNull();
    expect(auditedStreamOf('project-')).toBeNull();
  });

  it("does fold with the aggregate's own decider, not a copy", () => {
    expect(auditedStreams().find((s) => s.kind === 'project')!.decider).toBe(projectDecider);
  });
});

describe('replayTo', () => {
  const events = [projectCreated(), renamed('River Watch 2'), followed];

  it('does give the state after the chosen event and the fields it changed', () => {
    const sut = replayTo(projectDecider, events, 1);
    expect(sut.state).toMatchObject({ status: 'active', details: { name: 'River Watch 2' } });
    expect(sut.diff).toEqual([{ path: 'details.name', before: 'River Watch', after: 'River Watch 2' }]);
  });

  it('does turn Maps and Sets into plain JSON and diff a set as one value', () => {
    const sut = replayTo(projectDecider, events, 2);
    expect(sut.state).toMatchObject({ members: { '7': 'administrator' }, followers: [9] });
    expect(sut.diff).toEqual([{ path: 'followers', before: [], after: [9] }]);
  });

  it('does list every field of a new aggregate, and nothing before the first event', () => {
    expect(replayTo(projectDecider, events, 0).diff).toContainEqual({ path: 'details.name', before: null, after: 'River Watch' });
    expect(replayTo(projectDecider, events, -1)).toEqual({ state: { status: 'absent' }, diff: [] });
  });

  it('does diff what the view lets through, so a hidden field shows no value in the diff either', () => {
    const view = (s: ReturnType<typeof toPlain>) => replacePaths(s, ['details.name'], () => hidden('personal'));
    expect(replayTo(projectDecider, events, 1, view).diff).toEqual([]);
  });
});

describe('indexAtTime', () => {
  it('does pick the last event at or before the time', () => {
    const times = ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'];
    expect(indexAtTime(times, new Date('2026-02-01T00:00:00Z'))).toBe(1);
    expect(indexAtTime(times, new Date('2026-02-15T00:00:00Z'))).toBe(1);
    expect(indexAtTime(times, new Date('2025-12-31T00:00:00Z'))).toBe(-1);
  });
});

describe('hidden fields', () => {
  it('does hide hashes at any depth and leave the rest', () => {
    expect(hideSecrets({ a: { tokenHash: 'x', keep: 1 }, list: [{ passwordHash: 'y' }], passwordHash: null })).toEqual({
      a: { tokenHash: { $hidden: 'secret' }, keep: 1 },
      list: [{ passwordHash: { $hidden: 'secret' } }],
      passwordHash: null,
    });
  });

  it('does replace what a path with * names', () => {
    const sut = replacePaths({ invites: { '1': { email: 'a@b' }, '2': { email: 'c@d' } } }, ['invites.*.email'], () =>
      hidden('erased'),
    );
    expect(sut).toEqual({ invites: { '1': { email: { $hidden: 'erased' } }, '2': { email: { $hidden: 'erased' } } } });
  });

  it('does treat a hidden marker as one value when diffing', () => {
    expect(diffPlain({ email: hidden('personal') }, { email: hidden('erased') })).toEqual([
      { path: 'email', before: { $hidden: 'personal' }, after: { $hidden: 'erased' } },
    ]);
  });
});

describe('the ProjectCreated upcast', () => {
  const { showExactLocation: _gone, ...firstRelease } = projectCreated().data;

  it('does read a first-release ProjectCreated with showExactLocation true, and leave a current one alone', () => {
    const sut = createUpcasters();
    expect(sut.upcast({ type: 'ProjectCreated', data: firstRelease }).data).toMatchObject({ showExactLocation: true });
    const current = projectCreated({ showExactLocation: false });
    expect(sut.upcast(current)).toEqual(current);
    expect(upcastProjectCreated(current)).toBe(current);
  });

  it('does fold the upcast event to exact locations; without it the state would miss the field (the control)', () => {
    const upcast = createUpcasters().upcast({ type: 'ProjectCreated', data: firstRelease });
    expect(replayTo(projectDecider, [upcast as never], 0).state).toMatchObject({ details: { showExactLocation: true } });
    const raw = replayTo(projectDecider, [{ type: 'ProjectCreated', data: firstRelease } as never], 0).state as {
      details: Record<string, unknown>;
    };
    expect(raw.details).not.toHaveProperty('showExactLocation');
  });
});
