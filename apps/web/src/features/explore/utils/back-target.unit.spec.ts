import { describe, expect, it } from '@jest/globals';
import { backTarget } from './back-target';

describe("backTarget (spec §2: where the workspace's back button leads)", () => {
  it("leads to the project's map or page when the bookmark carries a project", () => {
    expect(backTarget({ project: 7, map: true }, null)).toEqual({
      href: '/dashboard/projects/7/map',
      label: 'explore.backToProject',
    });
    expect(backTarget({ project: 7, map: false }, null)).toEqual({
      href: '/dashboard/projects/7',
      label: 'explore.backToProject',
    });
  });

  it('leads to the stations map in research mode', () => {
    expect(backTarget(null, null)).toEqual({ href: '/dashboard/stations/map', label: 'explore.backToMap' });
  });

  it("leads to the fixed project's flood map in flood mode, never to the stations map", () => {
    expect(backTarget(null, 174)).toEqual({ href: '/dashboard/projects/174/map', label: 'explore.backToFloodMap' });
  });
});
