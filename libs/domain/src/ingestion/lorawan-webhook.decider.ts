import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { CommandMetadata } from '../kernel/messages.js';
import type { LorawanWebhookCommand } from './lorawan-webhook.commands.js';
import type { LorawanFieldMapping, LorawanWebhookEvent } from './lorawan-webhook.events.js';
import { assertValidLorawanMapping, lorawanMessages } from './lorawan-webhook.rules.js';

export type LorawanWebhookState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly mapping: readonly LorawanFieldMapping[];
      readonly timePath: string | null;
      readonly ownerId: number;
      readonly tokenHash: string | null;
    };

const notConfigured = () => new DomainError('not_found', 'LORAWAN.NOT_CONFIGURED', lorawanMessages.notConfigured);

const sameMapping = (a: readonly LorawanFieldMapping[], b: readonly LorawanFieldMapping[]): boolean =>
  a.length === b.length && a.every((m, i) => m.path === b[i]!.path && m.sensor === b[i]!.sensor);

const decide = (command: LorawanWebhookCommand, state: LorawanWebhookState, meta: CommandMetadata): LorawanWebhookEvent[] => {
  const { projectId } = command.data;
  switch (command.type) {
    case 'ConfigureLorawanWebhook': {
      const { mapping, timePath, tokenHash } = command.data;
      if (meta.userId === null) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', lorawanMessages.ownerRequired);
      assertValidLorawanMapping(mapping, timePath);
      const unchanged =
        state.status === 'active' &&
        state.ownerId === meta.userId &&
        state.timePath === timePath &&
        sameMapping(state.mapping, mapping);
      const events: LorawanWebhookEvent[] = unchanged
        ? []
        : [
            {
              type: 'LorawanWebhookConfigured',
              data: { projectId, mapping, timePath, ownerId: meta.userId, configuredAt: meta.now },
            },
          ];
      if (state.status !== 'active' || state.tokenHash === null) {
        events.push({ type: 'LorawanWebhookTokenIssued', data: { projectId, tokenHash, issuedAt: meta.now } });
      }
      return events;
    }
    case 'IssueLorawanWebhookToken':
      if (state.status !== 'active') throw notConfigured();
      return [{ type: 'LorawanWebhookTokenIssued', data: { projectId, tokenHash: command.data.tokenHash, issuedAt: meta.now } }];
    case 'RemoveLorawanWebhook':
      if (state.status !== 'active') throw notConfigured();
      return [{ type: 'LorawanWebhookRemoved', data: { projectId, removedAt: meta.now } }];
  }
};

const evolve = (state: LorawanWebhookState, event: LorawanWebhookEvent): LorawanWebhookState => {
  switch (event.type) {
    case 'LorawanWebhookConfigured': {
      const { mapping, timePath, ownerId } = event.data;
      return { status: 'active', mapping, timePath, ownerId, tokenHash: state.status === 'active' ? state.tokenHash : null };
    }
    case 'LorawanWebhookTokenIssued':
      return state.status === 'active' ? { ...state, tokenHash: event.data.tokenHash } : state;
    case 'LorawanWebhookRemoved':
      return { status: 'absent' };
    default:
      return state;
  }
};

/**
 * A project's LoRaWAN webhook (stream `lorawan-webhook-{projectId}`): configured (mapping, owner)
 * with a token issued on first configuration, tokens rotated, removed. Who may do this is the
 * policy's `project.configureWebhooks`, checked by the caller.
 */
export const lorawanWebhookDecider: Decider<LorawanWebhookState, LorawanWebhookCommand, LorawanWebhookEvent> = {
  initialState: { status: 'absent' },
  evolve,
  decide,
};
