import { route } from '@groundtruth/contracts';
import { z } from 'zod';
import { responseContractBreach } from './response-contract.js';

const thing = route({
  method: 'get',
  path: '/things/{id}',
  summary: 'A thing',
  tags: ['test'],
  auth: 'none',
  response: z.object({ id: z.number().int(), at: z.string(), tags: z.array(z.string()) }),
  alternatives: { 'application/vnd.test.short+json': z.object({ short: z.literal(true) }) },
});

describe('responseContractBreach', () => {
  it('lets an answer that fits through, judged as it goes on the wire (a Date is a string there)', () => {
    expect(responseContractBreach(thing, { id: 1, at: new Date(0), tags: ['a'] })).toBeNull();
  });

  it('lets an alternative form through, and an answer the handler sent itself (undefined)', () => {
    expect(responseContractBreach(thing, { short: true })).toBeNull();
    expect(responseContractBreach(thing, undefined)).toBeNull();
  });

  it('names what does not fit', () => {
    expect(responseContractBreach(thing, { id: 1.5, at: 'x', tags: [1] })).toMatch(/^id: .*; tags\.0: /);
    expect(responseContractBreach(thing, { id: 1, tags: [] })).toMatch(/^at: /);
  });

  it('checks nothing for a route without a response schema', () => {
    expect(responseContractBreach({ ...thing, response: undefined }, { anything: 1 })).toBeNull();
  });
});
