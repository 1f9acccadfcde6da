import { callApi } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A crowd on the status page (issue 31): the stores' probes and the projections' positions are read
 * once for all the calls that arrive while a read is under way, not once per call (each read asks
 * every projection's lag, so a crowd's calls held the pool and their probes timed out into 503s).
 */
let sut: TestApp;
let progressReads = 0;

beforeAll(async () => {
  sut = await startTestApp();
  // Counted where the status page reads each projection's lag.
  const store = sut.runtime.store;
  const progressAfter = store.progressAfter.bind(store);
  store.progressAfter = (...args: Parameters<typeof progressAfter>) => {
    progressReads++;
    return progressAfter(...args);
  };
}, 120_000);
afterAll(async () => {
  await sut.close();
});

const projectionsShown = async () => {
  const one = await callApi(sut.url, 'GET', '/api/status');
  expect(one.status).toBe(200);
  return (one.body!['projections'] as unknown[]).length;
};

it('reads the projections once for calls that arrive together, and afresh for a later call', async () => {
  const projections = await projectionsShown();
  expect(projections).toBeGreaterThan(5);

  // The control: calls one after the other each read every projection (the counter counts).
  progressReads = 0;
  for (let i = 0; i < 3; i++) await projectionsShown();
  // Each call: every projection's lag, and the asker's own part (the ingestion processing's progress).
  const perCall = progressReads / 3;
  expect(perCall).toBeGreaterThanOrEqual(projections);
  const ownPart = perCall - projections;

  progressReads = 0;
  const crowd = await Promise.all(Array.from({ length: 30 }, () => callApi(sut.url, 'GET', '/api/status')));
  expect(crowd.every((r) => r.status === 200 && r.body!['healthy'] === true)).toBe(true);
  expect(crowd.every((r) => (r.body!['projections'] as unknown[]).length === projections)).toBe(true);
  // 30 calls at once: the projections read a few times at most (a call that arrives after a read ended
  // starts the next), not 30 times; each call still reads its own part.
  expect(progressReads - 30 * ownPart).toBeLessThanOrEqual(10 * projections);
  expect(progressReads).toBeLessThan(30 * perCall);
});
