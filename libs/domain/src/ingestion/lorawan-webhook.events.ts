import type { DomainEvent } from '../kernel/messages.js';

/** One field of a decoded uplink read as one sensor: `path` into `decoded_payload`, a `wh.floodnet.*` full key. */
export type LorawanFieldMapping = { readonly path: string; readonly sensor: string };

/**
 * A project's LoRaWAN webhook (The Things Stack v3) as its administrators set it: which fields of
 * a decoded uplink are which sensor, where the reading time is (null: when the network received
 * it), and who owns the stations made for new devices (the administrator who configured it).
 */
export type LorawanWebhookConfigured = DomainEvent<
  'LorawanWebhookConfigured',
  {
    readonly projectId: number;
    readonly mapping: readonly LorawanFieldMapping[];
    readonly timePath: string | null;
    readonly ownerId: number;
    readonly configuredAt: string;
  }
>;

/** A new secret token: only its SHA-256 (hex) is kept; the token itself was shown once. Replaces any earlier one. */
export type LorawanWebhookTokenIssued = DomainEvent<
  'LorawanWebhookTokenIssued',
  { readonly projectId: number; readonly tokenHash: string; readonly issuedAt: string }
>;

/** The webhook is off: uplinks are refused until it is configured again (with a new token). */
export type LorawanWebhookRemoved = DomainEvent<
  'LorawanWebhookRemoved',
  { readonly projectId: number; readonly removedAt: string }
>;

export type LorawanWebhookEvent = LorawanWebhookConfigured | LorawanWebhookTokenIssued | LorawanWebhookRemoved;

export const lorawanWebhookEventTypes = [
  'LorawanWebhookConfigured',
  'LorawanWebhookTokenIssued',
  'LorawanWebhookRemoved',
] as const satisfies readonly LorawanWebhookEvent['type'][];

export const lorawanWebhookStream = (projectId: number): string => `lorawan-webhook-${projectId}`;
