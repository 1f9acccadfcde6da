import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every end-to-end suite runs the API with its answers checked against their route contracts
 * (test-app: checkResponses), so an answer that drifts from its schema (and so from the OpenAPI
 * document and the web app's types) fails the suite that made it. This shows the check is on.
 */
let sut: TestApp;
let owner: TestUser;
beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Contract Keeper' });
});
afterAll(() => sut.close());

describe('answers checked against their contracts in the end-to-end tests', () => {
  it('answers a project that fits its contract, and refuses to send one that does not (a read model gone wrong)', async () => {
    const created = await callAsReader(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Contract Bay', description: 'Tags', goal: 'Fit', location: 'Here', tags: ['water'] },
    });
    expect(created.status).toBe(200);
    const id = created.body!['id'] as number;
    const read = () => callAsReader(sut.url, 'GET', `/api/projects/${id}`, { token: owner.token });
    expect(await read()).toMatchObject({ status: 200, body: { tags: ['water'] } });

    // Tags must be strings (the contract); the read model now holds a number, which JSON would carry happily.
    await sut.runtime.pool.query(`UPDATE projects SET tags = '[7]'::jsonb WHERE id = $1`, [id]);
    expect((await read()).status).toBe(500);

    // control: the same row put right answers again, so the 500 was the contract check and nothing else.
    await sut.runtime.pool.query(`UPDATE projects SET tags = '["water"]'::jsonb WHERE id = $1`, [id]);
    expect(await read()).toMatchObject({ status: 200, body: { tags: ['water'] } });
  });
});
