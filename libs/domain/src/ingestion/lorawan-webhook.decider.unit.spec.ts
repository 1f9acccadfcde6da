import { specFor, testMetadata } from '../testing/index.js';
import type { ConfigureLorawanWebhook } from './lorawan-webhook.commands.js';
import { lorawanWebhookDecider } from './lorawan-webhook.decider.js';
import type { LorawanWebhookConfigured, LorawanWebhookRemoved, LorawanWebhookTokenIssued } from './lorawan-webhook.events.js';
import { lorawanMappingErrors } from './lorawan-webhook.rules.js';

const sut = specFor(lorawanWebhookDecider);
const admin = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });
const otherAdmin = testMetadata({ userId: 8, now: '2026-05-02T10:00:00.000Z' });
const mapping = [
  { path: 'depth_in', sensor: 'wh.floodnet.depth' },
  { path: 'battery.volts', sensor: 'wh.floodnet.battery' },
];

const configure = (overrides: Partial<ConfigureLorawanWebhook['data']> = {}): ConfigureLorawanWebhook => ({
  type: 'ConfigureLorawanWebhook',
  data: { projectId: 3, mapping, timePath: null, tokenHash: 'a'.repeat(64), ...overrides },
});
const configured = (ownerId = 7, configuredAt = admin.now, more: Partial<LorawanWebhookConfigured['data']> = {}) =>
  ({
    type: 'LorawanWebhookConfigured',
    data: { projectId: 3, mapping, timePath: null, ownerId, configuredAt, ...more },
  }) satisfies LorawanWebhookConfigured;
const issued = (tokenHash: string, issuedAt = admin.now) =>
  ({ type: 'LorawanWebhookTokenIssued', data: { projectId: 3, tokenHash, issuedAt } }) satisfies LorawanWebhookTokenIssued;
const removed: LorawanWebhookRemoved = { type: 'LorawanWebhookRemoved', data: { projectId: 3, removedAt: admin.now } };

describe('LoRaWAN webhook decider', () => {
  it('issues a token with the first configuration, owned by the administrator configuring it', () => {
    sut
      .given([])
      .when(configure(), admin)
      .then([configured(), issued('a'.repeat(64))]);
  });

  it('keeps the token when the mapping changes, and changes nothing when nothing changed', () => {
    const history = [configured(), issued('a'.repeat(64))];
    sut
      .given(history)
      .when(configure({ timePath: 'time', tokenHash: 'b'.repeat(64) }), admin)
      .then([configured(7, admin.now, { timePath: 'time' })]);
    sut
      .given(history)
      .when(configure({ tokenHash: 'b'.repeat(64) }), admin)
      .then([]);
  });

  it('makes the administrator who configures it again the owner of new stations', () => {
    sut
      .given([configured(), issued('a'.repeat(64))])
      .when(configure(), otherAdmin)
      .then([configured(8, otherAdmin.now)]);
  });

  it('rotates the token, and refuses to when there is no webhook', () => {
    sut
      .given([configured(), issued('a'.repeat(64))])
      .when({ type: 'IssueLorawanWebhookToken', data: { projectId: 3, tokenHash: 'c'.repeat(64) } }, admin)
      .then([issued('c'.repeat(64))]);
    sut
      .given([])
      .when({ type: 'IssueLorawanWebhookToken', data: { projectId: 3, tokenHash: 'c'.repeat(64) } }, admin)
      .thenThrows({ kind: 'not_found', code: 'LORAWAN.NOT_CONFIGURED' });
  });

  it('removes the webhook; configuring it again issues a new token', () => {
    const history = [configured(), issued('a'.repeat(64))];
    sut
      .given(history)
      .when({ type: 'RemoveLorawanWebhook', data: { projectId: 3 } }, admin)
      .then([removed]);
    sut
      .given([...history, removed])
      .when({ type: 'RemoveLorawanWebhook', data: { projectId: 3 } }, admin)
      .thenThrows({ code: 'LORAWAN.NOT_CONFIGURED' });
    sut
      .given([...history, removed])
      .when(configure({ tokenHash: 'd'.repeat(64) }), admin)
      .then([configured(), issued('d'.repeat(64))]);
  });

  it('refuses a mapping that is empty, malformed or not of flood sensors, with field errors', () => {
    sut
      .given([])
      .when(
        configure({
          mapping: [
            { path: 'depth', sensor: 'wh.floodnet.depth' },
            { path: 'depth', sensor: 'fk.water.temp.temp' },
            { path: 'a..b', sensor: 'wh.floodnet.depth' },
            { path: 'x', sensor: 'wh.floodnet.nothing' },
          ],
          timePath: 'bad path',
        }),
        admin,
      )
      .thenThrows({
        kind: 'validation',
        code: 'LORAWAN.INVALID',
        fieldErrors: {
          'mapping.1.path': expect.stringMatching(/twice/),
          'mapping.1.sensor': expect.stringMatching(/wh\.floodnet/),
          'mapping.2.path': expect.stringMatching(/dots/),
          'mapping.2.sensor': expect.stringMatching(/twice/),
          'mapping.3.sensor': expect.stringMatching(/wh\.floodnet/),
          timePath: expect.stringMatching(/dots/),
        },
      });
    expect(lorawanMappingErrors([], null)).toEqual({ mapping: expect.stringMatching(/at least one/) });
    expect(lorawanMappingErrors([{ path: 'readings.0.value', sensor: 'wh.floodnet.tideFeet' }], 'meta.time')).toEqual({});
  });

  it('needs a signed-in user to own the stations', () => {
    sut
      .given([])
      .when(configure(), testMetadata({ userId: null }))
      .thenThrows({ kind: 'unauthenticated' });
  });
});
