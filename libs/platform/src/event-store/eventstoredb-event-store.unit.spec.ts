import {
  fromClientCurrentRevision,
  isSystemEventType,
  redactConnectionString,
  toClientConnectionString,
  toClientExpectedRevision,
} from './eventstoredb-event-store.js';

describe('EventStoreDB adapter mapping', () => {
  it.each([
    ['no_stream', 'no_stream'],
    ['stream_exists', 'stream_exists'],
    ['any', 'any'],
    [0n, 0n],
    [41n, 41n],
  ] as const)('maps expected revision %p to the client value %p', (expected, sut) => {
    expect(toClientExpectedRevision(expected)).toBe(sut);
  });

  it('keeps the actual revision reported by the client', () => {
    expect(fromClientCurrentRevision('no_stream')).toBe('no_stream');
    expect(fromClientCurrentRevision(7n)).toBe(7n);
  });

  it('treats $-prefixed event types as system events', () => {
    expect(isSystemEventType('$statsCollected')).toBe(true);
    expect(isSystemEventType('$>')).toBe(true);
    expect(isSystemEventType('StationDeployed')).toBe(false);
  });

  it('redacts credentials from connection strings', () => {
    expect(redactConnectionString('esdb://admin:changeit@es1:2113,es2:2113?tls=true')).toBe(
      'esdb://***@es1:2113,es2:2113?tls=true',
    );
    expect(redactConnectionString('esdb+discover://u:p@cluster.local:2113')).toBe('esdb+discover://***@cluster.local:2113');
    expect(redactConnectionString('esdb://eventstore:2113?tls=false')).toBe('esdb://eventstore:2113?tls=false');
  });

  it('rewrites kurrentdb schemes to the esdb schemes the client parses', () => {
    expect(toClientConnectionString('kurrentdb://db:2113?tls=false')).toBe('esdb://db:2113?tls=false');
    expect(toClientConnectionString('kurrentdb+discover://db:2113')).toBe('esdb+discover://db:2113');
    expect(toClientConnectionString('esdb://db:2113')).toBe('esdb://db:2113');
  });
});
