import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import {
  LorawanMessage,
  LorawanWebhookBody,
  LorawanWebhookReceipt,
  LorawanWebhookSaved,
  LorawanWebhookSettings,
  LorawanWebhookToken,
} from './lorawan.contract.js';

const adminOnly = { 401: 'Not signed in', 403: 'Not an administrator of the project' };

/** Flood sensors through The Things Stack v3: a webhook per project, set up by its administrators. */
export const lorawanRoutes = {
  lorawanWebhook: route({
    method: 'get',
    path: '/projects/{id}/lorawan-webhook',
    summary:
      "The project's LoRaWAN webhook: its field mapping, whether a token is set (never the token), its address, and the sensors a field may be mapped to",
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    response: LorawanWebhookSettings,
    errors: { 400: 'The id is not a number', ...adminOnly, 404: 'No such project' },
  }),
  configureLorawanWebhook: route({
    method: 'put',
    path: '/projects/{id}/lorawan-webhook',
    summary:
      "Set the field mapping: paths into the uplink's decoded_payload (names or array indexes joined by dots) to wh.floodnet.* sensor keys, and optionally the path of the reading time. The asker becomes the owner of stations made for new devices. The first configuration answers a secret token, this once.",
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    body: LorawanWebhookBody,
    response: LorawanWebhookSaved,
    errors: { 400: 'A path or sensor key is not valid (field errors)', ...adminOnly, 404: 'No such project' },
  }),
  rotateLorawanWebhookToken: route({
    method: 'post',
    path: '/projects/{id}/lorawan-webhook/token',
    summary: 'A new secret token for the webhook, answered this once; the old one stops working',
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    response: LorawanWebhookToken,
    errors: { 400: 'The id is not a number', ...adminOnly, 404: 'No such project, or it has no webhook' },
  }),
  removeLorawanWebhook: route({
    method: 'delete',
    path: '/projects/{id}/lorawan-webhook',
    summary: 'Turn the webhook off: uplinks are refused; stations and readings stay',
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    status: 204,
    errors: { 400: 'The id is not a number', ...adminOnly, 404: 'No such project, or it has no webhook' },
  }),
  receiveLorawanUplink: route({
    method: 'post',
    path: '/webhooks/lorawan/{id}',
    summary:
      "The Things Stack v3 webhook (JSON format) of project {id}, authenticated by the project's secret token in an Authorization: Bearer … or X-Webhook-Token header. An uplink is stored and its mapped decoded_payload fields recorded as wh.floodnet readings at the time the network received it (or the mapped time); a device seen for the first time becomes a station of the project. Other messages are acknowledged and ignored.",
    tags: ['data'],
    auth: 'none',
    params: IdParams,
    body: LorawanMessage,
    response: LorawanWebhookReceipt,
    errors: {
      400: 'Not JSON, or an uplink without a DevEUI or with fields of the wrong type',
      401: 'No token',
      403: 'Wrong token, the project has no webhook, or whoever configured it no longer administers the project (LORAWAN.ORPHANED)',
      409: 'The device is a station outside this project',
      413: 'The body is over 1 MB',
    },
  }),
} as const;
