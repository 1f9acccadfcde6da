import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { StationAttributeValues } from '@groundtruth/domain';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { AddFieldNoteCommand } from '../notes/index.js';
import { AddStationMediaCommand } from '../notes/index.js';
import { ChooseStationImageCommand } from '../notes/index.js';
import { SaveStationNotesCommand } from '../notes/index.js';
import { AddProjectStationCommand } from '../projects/index.js';
import { PostProjectUpdateCommand } from '../projects/index.js';
import type { StationKind } from '../simulator/index.js';
import { RegisterStationCommand } from '../stations/index.js';
import { UpdateStationCommand } from '../stations/index.js';

/** A demo station: which demo project holds it (index into the seeder's list) and where it stands. */
export type DemoStation = {
  readonly project: number;
  readonly deviceId: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly locationName: string;
  readonly deployedAt: string;
  readonly description: string;
  readonly attributes?: StationAttributeValues;
  /** The modules it carries, as the simulator knows them (its readings come from the simulator). */
  readonly kind: StationKind;
  /** How often it reads, ms; every minute when absent (one reads hourly, as many weather stations do). */
  readonly readingEveryMs?: number;
};

/**
 * The demo stations, by project: water quality on the Hudson, flood sensors around Jamaica Bay
 * (with the flood-mode attributes), weather on the Rio Grande, one on the private bench. Device
 * ids are fixed so the sensor-data seed can upload readings for the same stations.
 */
export const demoStations: readonly DemoStation[] = [
  {
    project: 0,
    kind: 'water',
    deviceId: '0004a30b001c1a01',
    name: 'Hudson at Kingston',
    latitude: 41.9209,
    longitude: -73.9626,
    locationName: 'Kingston Point',
    deployedAt: '2025-03-04T14:00:00.000Z',
    description: 'Conductivity, pH and dissolved oxygen off the Kingston Point beach.',
  },
  {
    project: 0,
    kind: 'water',
    deviceId: '0004a30b001c1a02',
    name: 'Hudson at Beacon',
    latitude: 41.5048,
    longitude: -73.9866,
    locationName: 'Long Dock Park',
    deployedAt: '2025-03-11T15:30:00.000Z',
    description: 'Water temperature and conductivity at the Long Dock.',
  },
  {
    project: 0,
    kind: 'water',
    deviceId: '0004a30b001c1a03',
    name: 'Hudson at Piermont',
    latitude: 41.0393,
    longitude: -73.9012,
    locationName: 'Piermont Pier',
    deployedAt: '2025-04-02T13:15:00.000Z',
    description: 'Brackish water at the end of the pier: salinity and ORP.',
  },
  {
    project: 1,
    kind: 'flood',
    deviceId: 'a84041000181c0f1',
    name: 'Broad Channel W 12th Rd',
    latitude: 40.6012,
    longitude: -73.8204,
    locationName: 'Broad Channel',
    deployedAt: '2025-06-20T12:00:00.000Z',
    description: 'Ultrasonic depth sensor under the street sign.',
    attributes: {
      Neighborhood: 'Broad Channel',
      Borough: 'Queens',
      'Deployment Date': '6/20/2025',
      'Deployed By': 'Jamaica Bay Flood Watch',
    },
  },
  {
    project: 1,
    kind: 'flood',
    deviceId: 'a84041000181c0f2',
    name: 'Howard Beach 157th Ave',
    latitude: 40.6571,
    longitude: -73.8413,
    locationName: 'Howard Beach',
    deployedAt: '2025-06-22T12:00:00.000Z',
    description: 'Flood depth at a low corner that floods at spring tides.',
    attributes: {
      Neighborhood: 'Howard Beach',
      Borough: 'Queens',
      'Deployment Date': '6/22/2025',
      'Deployed By': 'Jamaica Bay Flood Watch',
    },
  },
  {
    project: 1,
    kind: 'flood',
    deviceId: 'a84041000181c0f3',
    name: 'Canarsie Pier Rd',
    latitude: 40.6298,
    longitude: -73.8847,
    locationName: 'Canarsie',
    deployedAt: '2025-07-01T12:00:00.000Z',
    description: 'Flood depth near the pier entrance.',
    attributes: {
      Neighborhood: 'Canarsie',
      Borough: 'Brooklyn',
      'Deployment Date': '7/1/2025',
      'Deployed By': 'Jamaica Bay Flood Watch',
    },
  },
  {
    project: 2,
    kind: 'weather',
    deviceId: '0004a30b001c2b01',
    name: 'Bosque del Apache Road',
    latitude: 35.0853,
    longitude: -106.6756,
    locationName: 'Rio Grande Nature Center',
    deployedAt: '2025-01-12T17:00:00.000Z',
    description: 'Wind, rain and humidity on the bosque edge, read once an hour.',
    // Hourly: the demo's station whose charts at 20- and 30-minute buckets must stay lines (issue 32).
    readingEveryMs: 3_600_000,
  },
  {
    project: 2,
    kind: 'distance',
    deviceId: '0004a30b001c2b02',
    name: 'Alameda Bridge',
    latitude: 35.1894,
    longitude: -106.6414,
    locationName: 'Alameda Open Space',
    deployedAt: '2025-01-15T17:00:00.000Z',
    description: 'A distance sensor over the water at the bridge: the river level, minute by minute.',
  },
  {
    project: 3,
    kind: 'testing',
    deviceId: '0004a30b001c3c01',
    name: 'Bench unit 7',
    latitude: 40.7128,
    longitude: -74.006,
    locationName: 'Workshop',
    deployedAt: '2025-02-01T09:00:00.000Z',
    description: 'Calibration rig: random and test sensors.',
  },
];

const demoUpdates: readonly { project: number; body: string }[] = [
  { project: 0, body: 'Three stations are in the water from Kingston to Piermont. Readings arrive every minute.' },
  { project: 1, body: 'Spring tides this week: expect shallow street flooding in Broad Channel around high water.' },
  { project: 2, body: 'Both weather stations survived the January wind storm without a gap.' },
];

/** A small landscape picture for the demo station photo (made here, so no binary lives in the repository). */
const demoPhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 92, g: 140, b: 170 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="400"><rect y="250" width="640" height="150" fill="#2f5d50"/><circle cx="520" cy="90" r="45" fill="#f4d35e"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * The community side of the demo, through the real command path: stations in the demo projects,
 * deployed where they stand, a project update each, and one fully described station (notes, a
 * photo as its image, a field note) so every screen has something to show.
 */
@Injectable()
export class DemoCommunitySeeder {
  constructor(private readonly commands: CommandGateway) {}

  async seed(ownerId: number, projectIds: readonly number[]): Promise<{ stations: number }> {
    const meta = () => commandMetadata(ownerId);
    const stationIds: number[] = [];
    for (const s of demoStations) {
      const projectId = projectIds[s.project];
      if (projectId === undefined) throw new Error(`demo station ${s.name} names a missing project`);
      const { stationId } = await this.commands.execute(
        new RegisterStationCommand({ deviceId: s.deviceId, name: s.name, locationName: s.locationName }, meta()),
      );
      stationIds.push(stationId);
      await this.commands.execute(new AddProjectStationCommand({ projectId, stationId }, meta()));
      await this.commands.execute(
        new UpdateStationCommand(
          {
            stationId,
            details: { description: s.description },
            deployment: {
              location: { latitude: s.latitude, longitude: s.longitude },
              deployedAt: s.deployedAt,
              locationName: s.locationName,
            },
            ...(s.attributes ? { attributes: s.attributes } : {}),
          },
          null,
          meta(),
        ),
      );
    }
    for (const u of demoUpdates) {
      const projectId = projectIds[u.project]!;
      await this.commands.execute(new PostProjectUpdateCommand({ projectId, authorId: ownerId, body: u.body }, meta()));
    }

    const described = stationIds[0]!;
    const { mediaId } = await this.commands.execute(
      new AddStationMediaCommand({ stationId: described, noteKey: 'siteDescription', bytes: await demoPhoto() }, meta()),
    );
    await this.commands.execute(new ChooseStationImageCommand({ stationId: described, mediaId }, meta()));
    await this.commands.execute(
      new SaveStationNotesCommand(
        {
          stationId: described,
          creating: [
            { key: 'studyObjective', body: 'Track how road salt and summer storms change the river’s conductivity.' },
            { key: 'sitePurpose', body: 'A public beach where people swim and fish.' },
            { key: 'siteDescription', body: 'Sandy shore, 2 m deep at the sensor at high tide.', mediaIds: [mediaId] },
          ],
          notes: [],
        },
        meta(),
      ),
    );
    const fieldNote = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Cleaned the conductivity probe; a thin film of algae.' }] },
      ],
    };
    await this.commands.execute(
      new AddFieldNoteCommand({ stationId: described, authorId: ownerId, body: JSON.stringify(fieldNote) }, meta()),
    );
    return { stations: stationIds.length };
  }
}
