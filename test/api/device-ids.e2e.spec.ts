import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { createApiApp } from '../../apps/api/src/bootstrap.js';
import { stationStream } from '../../libs/domain/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/until.js';

/**
 * Issue 13, item 5: a device id is bytes. Registration, the uniqueness claim, uploads and lookups
 * all read it through one canonical form (the lowercase hex of its bytes), so one device is one
 * station however it is spelled; stations registered twice before that are named in the log on
 * start, not merged.
 */
let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;

const hex = '0a1b2c3d4e5f6071';
/** The same eight bytes: upper-case hex, base64, URL-safe base64 without padding. */
const spellings = ['0A1B2C3D4E5F6071', 'ChssPU5fYHE=', 'ChssPU5fYHE'];

const register = (deviceId: string, token: string, name = 'Creek') =>
  callApi(sut.url, 'POST', '/api/stations', { token, body: { deviceId, name } });

const upload = (deviceId: string, token: string) =>
  fetch(`${sut.url}/api/ingestion`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/vnd.fk.data+binary',
      'fk-deviceid': deviceId,
      'fk-generation': 'a1b2',
      'fk-type': 'meta',
      'fk-blocks': '1,1',
    },
    body: new Uint8Array([1, 2, 3]),
  });

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox);
  stranger = await signUp(sut, mailbox);
});
afterAll(async () => sut.close());

describe('one device, one station, however its id is spelled', () => {
  let stationId = 0;

  it('keeps the lowercase hex of the bytes, and knows the device again under every other spelling', async () => {
    const first = await register(spellings[0]!, owner.token);
    expect(first).toMatchObject({ status: 200, body: { deviceId: hex } });
    stationId = first.body!['id'] as number;
    for (const spelling of [hex, ...spellings]) {
      // The owner registering again refreshes the same station; nobody gets a second one.
      expect(await register(spelling, owner.token, `Creek ${spelling}`)).toMatchObject({ status: 200, body: { id: stationId } });
      expect(await register(spelling, stranger.token)).toMatchObject({ status: 400, body: { code: 'STATION.DEVICE_TAKEN' } });
    }
    const mine = await callApi(sut.url, 'GET', '/api/user/stations', { token: owner.token });
    expect((mine.body!['stations'] as { deviceId: string }[]).map((s) => s.deviceId)).toEqual([hex]);
  });

  it('finds the station from an upload and from the device data calls under every spelling', async () => {
    for (const spelling of [hex, ...spellings]) {
      const res = await upload(spelling, owner.token);
      expect({ spelling, status: res.status }).toEqual({ spelling, status: 200 });
      const summary = await callApi(sut.url, 'GET', `/api/data/devices/${encodeURIComponent(spelling)}/summary/json`, {
        token: owner.token,
      });
      expect({ spelling, status: summary.status, id: (summary.body?.['station'] as { id?: number })?.id }).toEqual({
        spelling,
        status: 200,
        id: stationId,
      });
    }
    // Control: a device nobody registered is not found, so the 200s above found this one.
    expect((await upload('ffeeddccbbaa9988', owner.token)).status).toBe(404);
  });

  it('refuses a device id that spells no bytes, with a field error', async () => {
    for (const deviceId of ['dev-1', 'not hex', 'q8F=', 'zz']) {
      const r = await register(deviceId, owner.token);
      expect({ deviceId, status: r.status, fields: Object.keys((r.body?.['errors'] as object) ?? {}) }).toEqual({
        deviceId,
        status: 400,
        fields: ['deviceId'],
      });
    }
  });
});

describe('stations registered twice before device ids were canonical', () => {
  /** What the old registration wrote: the id as typed, claimed under that text. */
  const registerAsBefore = async (stationId: number, deviceId: string, ownerId: number) => {
    await sut.runtime.store.append(
      stationStream(stationId),
      [
        {
          type: 'StationRegistered',
          data: {
            stationId,
            ownerId,
            deviceId,
            name: `Old ${deviceId}`,
            locationName: null,
            registeredAt: '2025-01-01T00:00:00.000Z',
          },
          metadata: {
            eventId: randomUUID(),
            correlationId: 'old',
            causationId: 'old',
            userId: ownerId,
            occurredAt: '2025-01-01T00:00:00.000Z',
          },
        },
      ],
      'no_stream',
    );
    await sut.runtime.pool.query('INSERT INTO gt_station_device_claims (device_id, station_id, owner_id) VALUES ($1, $2, $3)', [
      deviceId,
      stationId,
      ownerId,
    ]);
  };

  it('are named in a log line on start, not merged; uploads go to the oldest', async () => {
    const warnings: string[] = [];
    const startAnotherApp = async () => {
      const spy = jest.spyOn(sut.runtime.log, 'warn').mockImplementation(((_obj: unknown, message?: string) => {
        if (typeof message === 'string') warnings.push(message);
      }) as typeof sut.runtime.log.warn);
      let app: INestApplication | null = null;
      try {
        app = await createApiApp(sut.runtime, { projector: false, seed: false });
        await until(() => warnings.some((w) => w.includes('device')), 1000).catch(() => undefined);
      } finally {
        await app?.close();
        spy.mockRestore();
      }
    };

    // Control: with no duplicates, a start says nothing about devices.
    await startAnotherApp();
    expect(warnings.filter((w) => w.includes('registered as'))).toEqual([]);

    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await sut.runtime.ids.next('station'));
    await registerAsBefore(ids[0]!, 'DEADBEEF01', owner.id);
    await registerAsBefore(ids[1]!, 'deadbeef01', owner.id);
    await registerAsBefore(ids[2]!, '3q2+7wE=', stranger.id);
    // The projector builds the stations from the log (the claims table already has them).
    const projected = async () =>
      Number(
        (await sut.runtime.pool.query<{ n: string }>('SELECT count(*) AS n FROM stations WHERE id = ANY($1::bigint[])', [ids]))
          .rows[0]!.n,
      );
    for (let tries = 0; (await projected()) < 3 && tries < 400; tries++) await new Promise((r) => setTimeout(r, 25));
    expect(await projected()).toBe(3);

    await startAnotherApp();
    const line = warnings.find((w) => w.includes('registered as'));
    expect(line).toContain('deadbeef01');
    expect(line).toContain(`${ids[0]}, ${ids[1]}, ${ids[2]}`);
    // Nothing merged: each station is still there, under the canonical id.
    const rows = await sut.runtime.pool.query<{ id: string; device_id: string }>(
      'SELECT id, device_id FROM stations WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(rows.rows.map((r) => [Number(r.id), r.device_id])).toEqual(ids.map((id) => [id, 'deadbeef01']));
    const upload1 = await upload('DEADBEEF01', owner.token);
    expect(upload1.status).toBe(200);
    const { id: ingestionId } = (await upload1.json()) as { id: number };
    const row = await sut.runtime.pool.query<{ station_id: string }>('SELECT station_id FROM ingestions WHERE id = $1', [
      ingestionId,
    ]);
    expect(Number(row.rows[0]?.station_id)).toBe(ids[0]);
  });
});
