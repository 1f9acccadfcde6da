import { z } from 'zod';
import { BOOKMARK_LIMITS } from '@groundtruth/domain';

// Spec §3 Bookmark, §7 /bookmarks/*. The codec that reads and writes bookmarks is the domain's
// (libs/domain/src/bookmarks): `decodeBookmark`, `parseBookmark`, `serializeBookmark`.

const Int = z.number().int().min(0);
const VizSeries = z.tuple([Int.meta({ description: 'station id' }), z.tuple([z.union([Int, z.string()]), Int])]);
const LngLat = z.tuple([z.number(), z.number()]);

/** The version-1 bookmark, for the API documents; reading one goes through the domain codec. */
export const BookmarkDocument = z
  .object({
    v: z.literal(1),
    g: z
      .array(
        z.array(
          z.array(
            z
              .tuple([
                z.array(VizSeries).meta({ description: '[[stationId, [moduleId, sensorId]], …]' }),
                z.tuple([z.number(), z.number()]).meta({ description: '[startMs, endMs]' }),
                z.union([z.tuple([]), z.tuple([LngLat, LngLat])]).meta({ description: 'geo bounds or []' }),
                z.number().int().meta({ description: 'chart type: 0 time series, 1 histogram, 2 range, 3 map, 4 bar' }),
                z.number().int().meta({ description: 'quick range in days: 1, 7, 14, 30, 365; 0 all; -1 custom' }),
              ])
              .meta({
                description: 'A chart. The old 6-element form [stations, sensors, range, geo, chartType, fastTime] is read too.',
              }),
          ),
        ),
      )
      .meta({ description: 'Groups of rows of charts' }),
    s: z.array(Int).meta({ description: 'Station ids of the workspace' }),
    p: z.array(Int).optional().meta({ description: 'Project ids' }),
    c: z.object({ project: Int.nullable(), map: z.boolean() }).nullable().optional(),
  })
  .meta({ id: 'Bookmark', description: 'An explore workspace, version 1 (spec §3)' });

export const BookmarkSaveQuery = z.object({
  bookmark: z
    .string()
    .max(BOOKMARK_LIMITS.text, { error: `At most ${BOOKMARK_LIMITS.text} characters.` })
    .optional()
    .meta({ description: 'The bookmark as JSON text (as the old portal sent it); or send it as the JSON body' }),
});
export type BookmarkSaveQuery = z.infer<typeof BookmarkSaveQuery>;

/** The body is checked by the bookmark codec, which names the bad place; any object passes here. */
export const BookmarkSaveBody = z
  .record(z.string(), z.unknown())
  .meta({ id: 'BookmarkSaveBody', description: 'The bookmark (see Bookmark); empty when it is in the query' });
export type BookmarkSaveBody = z.infer<typeof BookmarkSaveBody>;

export const BookmarkResolveQuery = z.object({
  v: z
    .string({ error: 'Name the bookmark token.' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Not a bookmark token.' })
    .meta({ description: 'The token POST /bookmarks/save answered' }),
});
export type BookmarkResolveQuery = z.infer<typeof BookmarkResolveQuery>;

export const SavedBookmark = z
  .object({
    token: z.string().meta({ description: 'Short content address: the same bookmark always gets the same token' }),
    url: z.string().meta({ description: 'Path of the workspace: /viz?v={token}' }),
    bookmark: z.string().meta({ description: 'The bookmark in its canonical JSON text (decode it with the domain codec)' }),
  })
  .meta({ id: 'SavedBookmark' });
export type SavedBookmark = z.infer<typeof SavedBookmark>;
