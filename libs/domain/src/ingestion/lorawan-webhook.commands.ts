import type { Command } from '../kernel/messages.js';
import type { LorawanFieldMapping } from './lorawan-webhook.events.js';

/**
 * Sets the field mapping; the command's user becomes the owner of stations made for new devices.
 * `tokenHash` is a fresh token's hash, issued only when the webhook has no token yet.
 */
export type ConfigureLorawanWebhook = Command<
  'ConfigureLorawanWebhook',
  {
    readonly projectId: number;
    readonly mapping: readonly LorawanFieldMapping[];
    readonly timePath: string | null;
    readonly tokenHash: string;
  }
>;

/** A new token replacing the old one (rotation). */
export type IssueLorawanWebhookToken = Command<
  'IssueLorawanWebhookToken',
  { readonly projectId: number; readonly tokenHash: string }
>;

export type RemoveLorawanWebhook = Command<'RemoveLorawanWebhook', { readonly projectId: number }>;

export type LorawanWebhookCommand = ConfigureLorawanWebhook | IssueLorawanWebhookToken | RemoveLorawanWebhook;
