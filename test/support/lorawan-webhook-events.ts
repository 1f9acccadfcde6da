import { lorawanWebhookDecider, lorawanWebhookStream, type LorawanWebhookCommand } from '../../libs/domain/src/index.js';
import { decideAndAppend, type EventStore } from '../../libs/platform/src/index.js';

let clock = Date.UTC(2026, 3, 2);
const meta = (userId: number) => {
  clock += 1000;
  return { correlationId: 'seed', causationId: 'seed', userId, now: new Date(clock).toISOString() };
};
const hash = (n: number) => n.toString(16).padStart(64, '0');

/**
 * Projects' LoRaWAN webhooks through the real decider: each configured (with its first token),
 * every second one configured again by another administrator with a time path, every third
 * token rotated, every fourth webhook removed and every eighth configured again after that.
 */
export const appendLorawanWebhookHistory = async (store: EventStore, options: { projects: number }) => {
  for (let projectId = 1; projectId <= options.projects; projectId++) {
    const run = (command: LorawanWebhookCommand, userId = projectId) =>
      decideAndAppend(store, lorawanWebhookDecider, lorawanWebhookStream(projectId), command, meta(userId));
    const mapping = [
      { path: 'depth_in', sensor: 'wh.floodnet.depth' },
      ...(projectId % 2 === 0 ? [{ path: 'battery.v', sensor: 'wh.floodnet.battery' }] : []),
    ];
    await run({ type: 'ConfigureLorawanWebhook', data: { projectId, mapping, timePath: null, tokenHash: hash(projectId) } });
    if (projectId % 2 === 0) {
      await run(
        { type: 'ConfigureLorawanWebhook', data: { projectId, mapping, timePath: 'time', tokenHash: hash(1000 + projectId) } },
        projectId + 100,
      );
    }
    if (projectId % 3 === 0)
      await run({ type: 'IssueLorawanWebhookToken', data: { projectId, tokenHash: hash(2000 + projectId) } });
    if (projectId % 4 === 0) await run({ type: 'RemoveLorawanWebhook', data: { projectId } });
    if (projectId % 8 === 0) {
      await run({
        type: 'ConfigureLorawanWebhook',
        data: { projectId, mapping, timePath: null, tokenHash: hash(3000 + projectId) },
      });
    }
  }
};
