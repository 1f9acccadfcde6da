import { Injectable } from '@nestjs/common';
import type { SensorDataQuery, SensorDataRow } from '@groundtruth/contracts';
import { anonymous, decodeBookmark, DomainError, isDomainError, sensorById } from '@groundtruth/domain';
import sharp from 'sharp';
import { SensorDataQueries } from '../../sensors/index.js';
import { BookmarkStore } from '../bookmark-store.js';
import { previewCardSvg, type CardInput } from './preview-card.js';
import { ReadModels } from '../../read-models/read-models.js';

/** Spec §9 series colours, then a few more. */
const COLOURS = ['#003F5C', '#6ef0da', '#d45087', '#f95d6a', '#665191'];
/** Points a card's line needs: a 1,200-pixel card gains nothing from more. */
const CARD_RESOLUTION = 300;

export type ShareDescription = { readonly title: string; readonly description: string; readonly card: CardInput };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What a shared workspace shows to link previews: a title, a description and its first chart,
 * rendered by the server. The previewer is anonymous, so a workspace over a station that is not
 * public shows no name and no data (only that it is a Groundtruth workspace).
 */
@Injectable()
export class SharePreview {
  constructor(
    private readonly store: BookmarkStore,
    private readonly data: SensorDataQueries,
    private readonly readModels: ReadModels,
  ) {}

  async describe(token: string): Promise<ShareDescription> {
    const content = await this.store.resolve(token);
    if (content === null) throw new DomainError('not_found', 'BOOKMARK.NOT_FOUND', 'No bookmark has this token.');
    const viz = decodeBookmark(content).g[0]?.[0]?.[0];
    const generic: ShareDescription = {
      title: 'Explore data on Groundtruth',
      description: 'A workspace of environmental sensor data, shared from Groundtruth.',
      card: {
        title: 'Groundtruth',
        subtitle: 'Environmental sensor data',
        range: [0, 1],
        series: [],
        empty: 'Open the link to explore the data',
      },
    };
    if (!viz || viz[0].length === 0) return generic;
    const [series, [start, end]] = viz;
    const stations = [...new Set(series.map(([stationId]) => stationId))];
    const sensors = [...new Set(series.map(([, [, sensorId]]) => sensorId))];
    const query: SensorDataQuery = {
      stations,
      sensors,
      start,
      end: Math.max(end, start + 1),
      resolution: CARD_RESOLUTION,
      complete: false,
    };
    let rows: readonly SensorDataRow[];
    let bucketMs: number;
    try {
      const answer = await this.data.data(query, anonymous);
      rows = answer.data;
      bucketMs = answer.bucketSize * 1000;
    } catch (error) {
      // Not public (or gone): nothing of it is told.
      if (isDomainError(error) && ['forbidden', 'unauthenticated', 'not_found', 'validation'].includes(error.kind))
        return generic;
      throw error;
    }
    const names = new Map(
      (
        await this.readModels.rows<{ id: string; name: string }>('SELECT id, name FROM stations WHERE id = ANY($1::bigint[])', [
          stations,
        ])
      ).map((r) => [Number(r.id), r.name]),
    );
    const label = (sensorId: number) => {
      const sensor = sensorById(sensorId);
      return sensor?.strings['en-us']?.label ?? sensor?.key ?? `Sensor ${sensorId}`;
    };
    const named = series.map(([stationId, [moduleId, sensorId]], i) => ({
      label: `${label(sensorId)} · ${names.get(stationId) ?? `Station ${stationId}`}`,
      color: COLOURS[i % COLOURS.length]!,
      unit: sensorById(sensorId)?.unitOfMeasure ?? '',
      sensorKey: sensorById(sensorId)?.key ?? `#${sensorId}`,
      sensor: label(sensorId),
      points: rows
        .filter(
          (r) =>
            r.stationId === stationId && r.sensorId === sensorId && (typeof moduleId === 'string' || r.moduleId === moduleId),
        )
        // At the bucket's middle, with its envelope when it summarises several readings.
        .map((r) => ({
          t: r.time + bucketMs / 2,
          v: r.value,
          ...(r.samples > 1 ? { min: r.min, max: r.max } : {}),
        })),
    }));
    const first = named[0]!;
    const title = named.length > 1 ? `${first.label} and ${named.length - 1} more` : first.label;
    const range = `${day(start)} to ${day(end)}`;
    return {
      title,
      description: `Sensor data from ${range} (UTC): ${named.map((s) => s.label).join(', ')}. Explored on Groundtruth.`,
      card: { title, subtitle: range, range: [start, end], series: named, empty: 'No data in this window' },
    };
  }

  /** The card as a PNG (an SVG rendered by sharp: no browser needed). */
  async image(token: string): Promise<Buffer> {
    const { card } = await this.describe(token);
    return sharp(Buffer.from(previewCardSvg(card)))
      .png()
      .toBuffer();
  }
}
