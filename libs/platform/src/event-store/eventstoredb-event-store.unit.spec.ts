import {
  correlationStreamOf,
  fromClientCurrentRevision,
  isSystemEventType,
  redactConnectionString,
  toClientConnectionString,
  toClientExpectedRevision,
  toEventStoreDbEvent,
  toMetadata,
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

  it('writes the correlation and causation ids where $by_correlation_id reads them, and reads our metadata back unchanged', () => {
    // given an event a command appends, its ids from the request
    const metadata = {
      eventId: '0b7c6a3e-1f0e-4c36-9a4f-2f51b3f0c001',
      correlationId: 'req-42',
      causationId: 'req-43',
      userId: 7,
      occurredAt: '2026-05-01T10:00:00.000Z',
    };
    // when the adapter maps it for EventStoreDB
    const sut = toEventStoreDbEvent({ type: 'ProjectUpdated', data: { projectId: 1 }, metadata });
    // then the system projection's names carry the same ids, beside ours
    expect(sut).toMatchObject({
      id: metadata.eventId,
      type: 'ProjectUpdated',
      data: { projectId: 1 },
      contentType: 'application/json',
    });
    expect(sut.metadata).toEqual({ ...metadata, $correlationId: 'req-42', $causationId: 'req-43' });
    // and what the server gives back reads as our metadata, the $-names dropped
    expect(toMetadata(JSON.parse(JSON.stringify(sut.metadata)), metadata.eventId)).toEqual(metadata);
    // and a correlation is looked up in the stream that projection links it into
    expect(correlationStreamOf('req-42')).toBe('$bc-req-42');
    // control: an event without our metadata is refused, not read as someone's
    expect(() => toMetadata({ $correlationId: 'x' }, 'e1')).toThrow(/no Groundtruth metadata/);
  });
});
