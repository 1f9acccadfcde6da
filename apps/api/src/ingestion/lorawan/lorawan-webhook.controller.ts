import { Controller, Req } from '@nestjs/common';
import { deviceIdKey, DomainError } from '@groundtruth/domain';
import { LorawanMessage, routes, type LorawanWebhookReceipt } from '@groundtruth/contracts';
import { uplinkGeneration } from '@groundtruth/platform';
import type { Request } from 'express';
import { ApiRoute, Input } from '../../common/http/api-route.decorator.js';
import { parseInput } from '../../common/http/parse-input.js';
import { UploadReceiver } from '../receive/upload-receiver.js';
import { LorawanWebhooksQueries } from './lorawan-webhooks.queries.js';
import { WebhookStations } from './webhook-stations.js';
import { WebhookOwners } from './webhook-owners.js';
import { webhookTokenMatches, webhookTokenOf } from './webhook-tokens.js';

const DEV_EUI = /^[0-9a-fA-F]{16}$/;

/**
 * The Things Stack v3 webhook of a project. The token is checked before anything else is looked
 * at, then that whoever configured the webhook still administers the project; an uplink is then stored as it came (the raw JSON) and recorded like a station upload
 * (IngestionReceived, type lorawan), its device's station found or made; the process manager processes it from the log.
 * Other messages are acknowledged, so the network server does not retry them.
 */
@Controller()
export class LorawanWebhookController {
  constructor(
    private readonly uploads: UploadReceiver,
    private readonly webhooks: LorawanWebhooksQueries,
    private readonly stations: WebhookStations,
    private readonly owners: WebhookOwners,
  ) {}

  @ApiRoute(routes.receiveLorawanUplink)
  async receive(
    @Input('params') { id: projectId }: { id: number },
    @Req() req: Request & { rawBody?: Buffer },
  ): Promise<LorawanWebhookReceipt> {
    const token = webhookTokenOf(req);
    if (token === null) {
      throw new DomainError(
        'unauthenticated',
        'LORAWAN.TOKEN_REQUIRED',
        "Send the webhook's token in X-Webhook-Token or Authorization: Bearer.",
      );
    }
    const webhook = await this.webhooks.of(projectId);
    if (!webhook?.tokenHash || !webhookTokenMatches(token, webhook.tokenHash)) {
      throw new DomainError('forbidden', 'LORAWAN.BAD_TOKEN', 'This token does not open a webhook of this project.');
    }
    await this.owners.check(webhook);
    const raw = req.rawBody;
    if (req.body === undefined || !Buffer.isBuffer(raw) || raw.length === 0) {
      throw DomainError.validation(
        'LORAWAN.NOT_JSON',
        { body: 'Send The Things Stack message as JSON (Content-Type: application/json).' },
        'The message is not JSON.',
      );
    }
    const message = parseInput(LorawanMessage, req.body, 'body');
    const uplink = message.uplink_message;
    if (!uplink) {
      return {
        accepted: false,
        ignored: 'Not an uplink: only uplink messages are recorded.',
        id: null,
        stationId: null,
        processing: null,
      };
    }
    const devEui = message.end_device_ids?.dev_eui ?? '';
    if (!DEV_EUI.test(devEui)) {
      throw DomainError.validation(
        'LORAWAN.NO_DEV_EUI',
        { 'end_device_ids.dev_eui': 'The DevEUI (16 hex digits) names the device.' },
        'The uplink does not say which device sent it.',
      );
    }
    // 16 hex digits: its canonical form is the lowercase hex, as for any device id.
    const deviceId = deviceIdKey(devEui);
    const deviceName = message.end_device_ids?.device_id?.trim() || null;
    const stationId = await this.stations.stationFor(webhook, deviceId, deviceName);

    const frame = uplink.f_cnt ?? 0;
    const { id } = await this.uploads.receive(
      {
        stationId,
        deviceId,
        generation: uplinkGeneration(projectId),
        type: 'lorawan',
        blocks: [frame, frame],
        contentType: 'application/json',
        deviceName,
        body: raw,
      },
      webhook.ownerId,
    );
    return { accepted: true, ignored: null, id, stationId, processing: null };
  }
}
