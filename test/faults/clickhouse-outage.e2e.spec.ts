import { DEFAULT_SITE } from '../../libs/domain/src/index.js';
import { dataFile, metaFile } from '../../apps/api/src/simulator/station-files.js';
import { simulatedStation } from '../../apps/api/src/simulator/upload-station.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { countReadings, processed } from '../support/uploads.js';
import { UploadStates } from '../../apps/api/src/ingestion/queries/upload-states.js';

/**
 * ClickHouse out of reach while an upload is processed. No ClickHouse server runs here (chDB is
 * in-process, and moving its folder away only makes it create a new one), so the outage is made at
 * the client: while it lasts, every call of the product's ClickHouse client fails as a closed port
 * does (ECONNREFUSED), the real engine untouched behind it. The upload must show `waiting` (in its
 * state and in GET /api/status), not fail, and end processed with all its readings once calls go
 * through again.
 */
let sut: TestApp;
let owner: TestUser;

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir));
});
afterAll(() => sut.close());

describe('ClickHouse out of reach during processing', () => {
  it('shows the upload waiting, then processes it when ClickHouse is back', async () => {
    const deviceHex = '0c1c2c3c4c5c6c7c';
    const station = await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: deviceHex, name: 'Outage' },
    });
    const stationId = station.body!['id'] as number;
    const simulated = simulatedStation({ deviceHex, kind: 'water', site: DEFAULT_SITE });
    const start = Date.parse('2025-06-01T00:00:00Z');
    const send = async (type: 'meta' | 'data', file: { body: Uint8Array; blocks: readonly [number, number] }) => {
      const res = await fetch(`${sut.url}/api/ingestion`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'application/vnd.fk.data+binary',
          'fk-deviceid': deviceHex,
          'fk-generation': Buffer.from(simulated.generation).toString('hex'),
          'fk-type': type,
          'fk-blocks': `${file.blocks[0]},${file.blocks[1]}`,
        },
        body: file.body,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: number }).id;
    };
    await processed(sut, [await send('meta', { body: metaFile(simulated, start), blocks: [1, 1] })]);
    const data = dataFile(simulated, start, start + 86_400_000, 60_000);

    const client = sut.runtime.clickhouse.client as unknown as Record<string, unknown>;
    const methods = ['query', 'command', 'insert', 'exec'] as const;
    const refused = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8123'), { code: 'ECONNREFUSED' });
    };
    for (const m of methods) client[m] = refused;
    let id: number;
    try {
      id = await send('data', data);
      const states = sut.app.get(UploadStates);
      let seen = await states.of(id);
      for (const end = Date.now() + 30_000; seen.state !== 'waiting' && Date.now() < end; seen = await states.of(id)) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toMatchObject({ state: 'waiting', version: 0 });
      expect(seen.waitingFor).toEqual(expect.any(String));
      const status = await callApi(sut.url, 'GET', '/api/status');
      expect(status.body!['ingestions']).toMatchObject({ waiting: 1 });
      // Still waiting a while later: tried again, never given up as failed.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await states.of(id)).state).toBe('waiting');
    } finally {
      for (const m of methods) delete client[m];
    }
    const [done] = await processed(sut, [id], { timeoutMs: 60_000 });
    expect(done).toMatchObject({ state: 'processed', version: 1, readings: data.readings });
    expect(await countReadings(sut, `station_id = ${stationId}`)).toBe(data.readings);
  });
});
