import { specFor, testMetadata } from '../testing/index.js';
import { notificationInboxDecider, notificationInboxStream } from './notification-inbox.js';

const sut = specFor(notificationInboxDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

describe('notification inbox decider', () => {
  it('names its stream by person', () => {
    expect(notificationInboxStream(7)).toBe('notifications-7');
  });

  it('marks the ids given, each once and in order', () => {
    sut
      .given([])
      .when({ type: 'MarkNotificationsSeen', data: { userId: 7, ids: [9, 3, 9], upTo: null } }, meta)
      .then([{ type: 'NotificationsSeen', data: { userId: 7, ids: [3, 9], upTo: null, seenAt: meta.now } }]);
  });

  it('marks all as the newest id held when asked', () => {
    sut
      .given([])
      .when({ type: 'MarkNotificationsSeen', data: { userId: 7, ids: [], upTo: 42 } }, meta)
      .then([{ type: 'NotificationsSeen', data: { userId: 7, ids: [], upTo: 42, seenAt: meta.now } }]);
  });

  it('records nothing when there is nothing to mark', () => {
    sut
      .given([])
      .when({ type: 'MarkNotificationsSeen', data: { userId: 7, ids: [], upTo: null } }, meta)
      .then([]);
  });
});
