import { z } from 'zod';
import { LORAWAN_MAPPING_MAX, LORAWAN_PATH_MAX } from '@groundtruth/domain';
import { IngestionProcessing } from './ingestion.contract.js';

const FieldMapping = z.object({
  path: z
    .string({ error: 'A path into decoded_payload is required.' })
    .trim()
    .min(1, { error: 'A path into decoded_payload is required.' })
    .max(LORAWAN_PATH_MAX)
    .meta({ example: 'depth_in' }),
  sensor: z
    .string({ error: 'A sensor key is required.' })
    .trim()
    .min(1, { error: 'A sensor key is required.' })
    .max(100)
    .meta({ example: 'wh.floodnet.depth' }),
});

/** What a project administrator sets: which decoded fields are which flood sensor, and where the reading time is. */
export const LorawanWebhookBody = z
  .object({
    mapping: z.array(FieldMapping).max(LORAWAN_MAPPING_MAX),
    /** A path into decoded_payload holding the reading time (ISO 8601 or unix seconds/ms); absent or null: when the network received the uplink. */
    timePath: z.string().trim().max(LORAWAN_PATH_MAX).nullable().optional(),
  })
  .meta({ id: 'LorawanWebhookBody' });
export type LorawanWebhookBody = z.infer<typeof LorawanWebhookBody>;

/** A project's webhook as its administrators see it; the token itself is never shown again. */
export const LorawanWebhookSettings = z
  .object({
    projectId: z.number().int(),
    configured: z.boolean(),
    mapping: z.array(z.object({ path: z.string(), sensor: z.string() })),
    timePath: z.string().nullable(),
    tokenSet: z.boolean(),
    tokenIssuedAt: z.string().nullable(),
    /** Who owns the stations made for devices seen for the first time. */
    ownerId: z.number().int().nullable(),
    orphaned: z.boolean().meta({
      description:
        'The owner is no longer an administrator of the project (or their account is gone): uplinks are refused (403 LORAWAN.ORPHANED) until a project administrator configures the webhook again',
    }),
    configuredAt: z.string().nullable(),
    /** Where The Things Stack sends uplinks. */
    url: z.string(),
    /** The sensor keys a field may be mapped to. */
    sensors: z.array(z.string()),
  })
  .meta({ id: 'LorawanWebhookSettings' });
export type LorawanWebhookSettings = z.infer<typeof LorawanWebhookSettings>;

/** The settings after a change, with the secret token when this change issued one (shown this once). */
export const LorawanWebhookSaved = LorawanWebhookSettings.extend({ token: z.string().nullable() }).meta({
  id: 'LorawanWebhookSaved',
});
export type LorawanWebhookSaved = z.infer<typeof LorawanWebhookSaved>;

export const LorawanWebhookToken = z.object({ token: z.string() }).meta({ id: 'LorawanWebhookToken' });
export type LorawanWebhookToken = z.infer<typeof LorawanWebhookToken>;

const Ids = z.looseObject({
  device_id: z.string().max(256).optional(),
  dev_eui: z.string().max(64).optional(),
  application_ids: z.looseObject({ application_id: z.string().max(256).optional() }).optional(),
});

/**
 * A message of The Things Stack v3 (JSON webhook format). Only uplinks (`uplink_message`) are
 * read; other messages (join accepts, downlink events, …) are acknowledged and ignored. Empty
 * fields are left out by The Things Stack, so every field is optional here.
 */
export const LorawanMessage = z
  .looseObject({
    end_device_ids: Ids.optional(),
    correlation_ids: z.array(z.string()).optional(),
    received_at: z.string().max(64).optional(),
    uplink_message: z
      .looseObject({
        f_port: z.number().int().optional(),
        f_cnt: z.number().int().nonnegative().optional(),
        frm_payload: z.string().optional(),
        decoded_payload: z.record(z.string(), z.unknown()).optional(),
        rx_metadata: z.array(z.unknown()).optional(),
        received_at: z.string().max(64).optional(),
      })
      .optional(),
  })
  .meta({ id: 'LorawanMessage' });
export type LorawanMessage = z.infer<typeof LorawanMessage>;

/** What became of a message: an uplink's ingestion and what processing found, or why it was ignored. */
export const LorawanWebhookReceipt = z
  .object({
    accepted: z.boolean(),
    /** Why a message was ignored (not an uplink), else null. */
    ignored: z.string().nullable(),
    id: z.number().int().nullable(),
    stationId: z.number().int().nullable(),
    processing: IngestionProcessing.nullable(),
  })
  .meta({ id: 'LorawanWebhookReceipt' });
export type LorawanWebhookReceipt = z.infer<typeof LorawanWebhookReceipt>;
