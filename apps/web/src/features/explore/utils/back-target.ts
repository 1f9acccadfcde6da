import type { Bookmark } from '@groundtruth/domain';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';

type BackLabel = 'explore.backToProject' | 'explore.backToMap' | 'explore.backToFloodMap';

/**
 * Where the back button leads (spec §2): the project's map or page when the bookmark carries one, else
 * the stations map; in flood mode, whose home is its fixed project's map (spec §2 root path), that map.
 */
export const backTarget = (
  context: Bookmark['c'],
  fixedProjectId: number | null = partner.fixedProjectId,
): { href: string; label: BackLabel } =>
  context === null || context.project === null
    ? fixedProjectId !== null
      ? { href: paths.viewProjectBigMap.getHref(fixedProjectId), label: 'explore.backToFloodMap' }
      : { href: paths.mapAllStations.getHref(), label: 'explore.backToMap' }
    : {
        href: context.map ? paths.viewProjectBigMap.getHref(context.project) : paths.viewProject.getHref(context.project),
        label: 'explore.backToProject',
      };
