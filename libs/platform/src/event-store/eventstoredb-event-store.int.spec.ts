import { describeEventStoreConformance } from './event-store.conformance.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/** Runs only against a real server: EVENTSTORE_URL=esdb://localhost:2113?tls=false npm run test:jest */
const url = process.env['EVENTSTORE_URL'];

if (url) {
  // EventStoreDB's log cannot be emptied: each run writes to streams of its own.
  describeEventStoreConformance('EventStoreDB', () => ({
    prefix: `t${Date.now()}${Math.random().toString(36).slice(2, 6)}-`,
    open: (upcasters) => EventStoreDbEventStore.connect(url, upcasters),
  }));
} else {
  describe('EventStoreDB event store conformance', () => {
    it.skip('needs EVENTSTORE_URL pointing at a server (none runs on this machine)', () => undefined);
  });
}
