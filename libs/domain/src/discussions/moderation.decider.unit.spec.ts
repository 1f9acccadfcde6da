import { specFor, testMetadata } from '../testing/index.js';
import { fold } from '../kernel/decider.js';
import { moderationDecider, moderationMessages, moderationStream } from './moderation.decider.js';
import type { PostReported, ReportAcknowledged } from './moderation.events.js';

const sut = specFor(moderationDecider);
const at = '2026-05-01T10:00:00.000Z';
const by = (userId: number) => testMetadata({ userId, now: at });
const key = { postId: 5, postType: 'discussion_post' as const };
const reported = (reportedBy: number, requestId = 11): PostReported => ({
  type: 'PostReported',
  data: { requestId, ...key, reportedBy, reportedAt: at },
});
const report = { type: 'ReportPost' as const, data: { ...key, newRequestId: 11, authorId: 7 } };
const acknowledged = (action: 'delete' | 'keep', acknowledgedBy = 50): ReportAcknowledged => ({
  type: 'ReportAcknowledged',
  data: { requestId: 11, ...key, action, acknowledgedBy, acknowledgedAt: at },
});

describe('moderation decider', () => {
  it('names its stream by post type', () => {
    expect(moderationStream('discussion_post', 5)).toBe('moderation-post-5');
    expect(moderationStream('data_event', 5)).toBe('moderation-data-event-5');
  });

  it('opens a request with the first report, and a second reporter joins it', () => {
    sut
      .given([])
      .when(report, by(8))
      .then([reported(8)]);
    sut
      .given([reported(8)])
      .when({ ...report, data: { ...report.data, newRequestId: 12 } }, by(9))
      .then([reported(9, 11)]);
  });

  it('takes the same reporter twice as once, and refuses the author', () => {
    sut
      .given([reported(8)])
      .when(report, by(8))
      .then([]);
    sut.given([]).when(report, by(7)).thenThrows({ kind: 'forbidden', code: 'MODERATION.OWN_POST' });
  });

  it('lets a reporter cancel, closing the request with the last one', () => {
    sut
      .given([reported(8), reported(9)])
      .when({ type: 'CancelReport', data: key }, by(8))
      .then([{ type: 'ReportCancelled', data: { requestId: 11, ...key, cancelledBy: 8, closed: false, cancelledAt: at } }]);
    sut
      .given([reported(8)])
      .when({ type: 'CancelReport', data: key }, by(8))
      .then([{ type: 'ReportCancelled', data: { requestId: 11, ...key, cancelledBy: 8, closed: true, cancelledAt: at } }]);
    sut
      .given([reported(8)])
      .when({ type: 'CancelReport', data: key }, by(9))
      .thenThrows({ kind: 'not_found', code: 'MODERATION.NO_REPORT' });
  });

  it('acknowledges once; the second moderator is told what the first did', () => {
    const ack = (action: 'delete' | 'keep') => ({ type: 'AcknowledgeReport' as const, data: { requestId: 11, ...key, action } });
    sut
      .given([reported(8)])
      .when(ack('delete'), by(50))
      .then([acknowledged('delete')]);
    sut
      .given([reported(8), acknowledged('delete')])
      .when(ack('keep'), by(51))
      .thenThrows({ kind: 'conflict', code: 'MODERATION.ALREADY_ACKNOWLEDGED' });
    const secondSays = (first: 'delete' | 'keep') => {
      try {
        moderationDecider.decide(ack('keep'), fold(moderationDecider, [reported(8), acknowledged(first)]), by(51));
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(secondSays('delete')).toBe(moderationMessages.alreadyDeleted);
    expect(secondSays('keep')).toBe(moderationMessages.alreadyKept);
    sut.given([]).when(ack('keep'), by(50)).thenThrows({ kind: 'not_found' });
  });

  it('opens a new request for a report after an acknowledgement', () => {
    sut
      .given([reported(8), acknowledged('keep')])
      .when({ ...report, data: { ...report.data, newRequestId: 12 } }, by(8))
      .then([reported(8, 12)]);
  });
});
