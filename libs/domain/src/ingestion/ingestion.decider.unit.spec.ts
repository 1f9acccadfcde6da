import { specFor, testMetadata } from '../testing/index.js';
import type { ReceiveIngestion, RecordIngestionProcessed } from './ingestion.commands.js';
import { ingestionDecider, owedProcessing } from './ingestion.decider.js';
import type { IngestionProcessed, IngestionReceived, IngestionReprocessRequested } from './ingestion.events.js';

const sut = specFor(ingestionDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

const receive: ReceiveIngestion = {
  type: 'ReceiveIngestion',
  data: {
    ingestionId: 5,
    stationId: 3,
    deviceId: '0004a30b001cc1a4',
    generation: 'a1b2',
    type: 'data',
    size: 120,
    blocks: [1, 10],
    contentType: 'application/vnd.fk.data+binary',
    deviceName: null,
    blobKey: 'uploads/3/5.data',
  },
};
const received: IngestionReceived = { type: 'IngestionReceived', data: { ...receive.data, uploadedBy: 7, receivedAt: meta.now } };
const process = (version: number): RecordIngestionProcessed => ({
  type: 'RecordIngestionProcessed',
  data: {
    ingestionId: 5,
    version,
    records: 10,
    readings: 20,
    errors: 1,
    problems: ['x'],
    start: null,
    end: null,
    battery: 50,
    location: null,
  },
});
const requested: IngestionReprocessRequested = {
  type: 'IngestionReprocessRequested',
  data: { ingestionId: 5, stationId: 3, requestedBy: 7, requestedAt: meta.now },
};
const processed = (version: number): IngestionProcessed => ({
  type: 'IngestionProcessed',
  data: { ...process(version).data, stationId: 3, processedAt: meta.now },
});

describe('ingestion decider', () => {
  it('records an upload once', () => {
    sut.given([]).when(receive, meta).then([received]);
    sut.given([received]).when(receive, meta).thenThrows({ code: 'INGESTION.EXISTS' });
  });

  it('records CSV imports and LoRaWAN uplinks like station uploads', () => {
    for (const type of ['csv', 'lorawan'] as const) {
      const command: ReceiveIngestion = { type: 'ReceiveIngestion', data: { ...receive.data, type, blocks: [0, 0] } };
      sut
        .given([])
        .when(command, meta)
        .then([{ type: 'IngestionReceived', data: { ...command.data, uploadedBy: 7, receivedAt: meta.now } }]);
    }
  });

  it('refuses blocks that are not first <= last', () => {
    sut
      .given([])
      .when({ ...receive, data: { ...receive.data, blocks: [9, 2] } }, meta)
      .thenThrows({ code: 'INGESTION.BAD_HEADERS' });
  });

  it('records processings with increasing versions, refusing a stale one', () => {
    sut
      .given([received])
      .when(process(1), meta)
      .then([processed(1)]);
    sut
      .given([received, processed(1)])
      .when(process(2), meta)
      .then([processed(2)]);
    sut
      .given([received, processed(1)])
      .when(process(1), meta)
      .thenThrows({ code: 'INGESTION.STALE_VERSION' });
    sut.given([]).when(process(1), meta).thenThrows({ code: 'INGESTION.NOT_FOUND' });
  });

  it('records a reprocess request of a recorded upload only', () => {
    sut
      .given([received, processed(1)])
      .when({ type: 'RequestReprocessing', data: { ingestionId: 5 } }, meta)
      .then([requested]);
    sut
      .given([])
      .when({ type: 'RequestReprocessing', data: { ingestionId: 5 } }, meta)
      .thenThrows({ code: 'INGESTION.NOT_FOUND' });
  });

  it('owes a processing after the receipt and after each request, with the next version', () => {
    expect(owedProcessing([])).toBeNull();
    expect(owedProcessing([received])).toEqual({ received: received.data, version: 1 });
    expect(owedProcessing([received, processed(1)])).toBeNull();
    expect(owedProcessing([received, processed(1), requested])).toEqual({ received: received.data, version: 2 });
    // Two requests before one processing: that one processing answers both.
    expect(owedProcessing([received, requested, processed(1)])).toBeNull();
    expect(owedProcessing([received, processed(1), requested, requested, processed(2)])).toBeNull();
  });
});
