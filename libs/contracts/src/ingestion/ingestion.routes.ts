import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { BackupResult, IngestionReceipt, ReprocessAccepted, ReprocessAcceptedList, UploadState } from './ingestion.contract.js';

/** Station uploads and their (re)processing (spec §7 Data; the wire format of real stations). */
export const ingestionRoutes = {
  ingest: route({
    method: 'post',
    path: '/ingestion',
    summary:
      "A station upload: the raw body is a length-delimited protobuf meta or data file. Headers: Content-Type, Content-Length > 0, Fk-DeviceId and Fk-Generation (hex, base64 or UUID), Fk-Type meta|data, Fk-Blocks first,last, optional Fk-DeviceName. The station is found by its device id and must be the asker's (or the asker a site admin). The body is stored and the receipt answered; processing follows (GET /data/ingestions/{id} says when it is done): readings are written, module definitions configure the station; problems in records are counted on the ingestion, not refused.",
    tags: ['data'],
    auth: 'required',
    response: IngestionReceipt,
    errors: {
      400: 'A header is missing or not valid, or the body is empty',
      401: 'Not signed in',
      403: "The device is someone else's station",
      404: 'No station has this device id',
      413: 'The body is over 50 MB',
    },
  }),
  uploadState: route({
    method: 'get',
    path: '/data/ingestions/{id}',
    summary:
      "Where an upload, CSV import or uplink is: received, processing, waiting (a store out of reach: tried again), processed or failed, with the last processing's counts and problems. Uploads are processed after they are answered: poll this to know when their readings are in.",
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    response: UploadState,
    errors: {
      400: 'The id is not a number',
      401: 'Not signed in',
      403: "Not the station's owner or a site admin",
      404: 'No such upload',
    },
  }),
  processIngestion: route({
    method: 'post',
    path: '/data/ingestions/{id}/process',
    summary:
      "Process an upload again: its readings are replaced (written with a higher version), never doubled. The processing is asked of the process manager and answered at once (202) with the upload's state and `after`, the processings recorded before: poll GET /data/ingestions/{id} until it is processed or failed with a version above `after`.",
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    status: 202,
    response: ReprocessAccepted,
    errors: {
      400: 'The id is not a number',
      401: 'Not signed in',
      403: "Not the station's owner or a site admin",
      404: 'No such upload',
      409: 'Being processed by someone else',
    },
  }),
  processStationIngestions: route({
    method: 'post',
    path: '/data/stations/{id}/ingestions/process',
    summary:
      "Process every upload of a station again (meta first, in upload order); each one's readings are replaced, never doubled. Answered at once (202) with each upload's state and `after`, as POST /data/ingestions/{id}/process answers.",
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    status: 202,
    response: ReprocessAcceptedList,
    errors: {
      400: 'The id is not a number',
      401: 'Not signed in',
      403: "Not the station's owner or a site admin",
      404: 'No such station',
      409: 'Being processed by someone else',
    },
  }),
  adminBackup: route({
    method: 'post',
    path: '/admin/backup',
    summary:
      'Read a station\'s SD-card backup (multipart files "meta" and "data", at most 50 MB each): which device and generation it is, its name, how many records it holds and what could not be read. Nothing is stored.',
    tags: ['admin'],
    auth: 'required',
    response: BackupResult,
    errors: { 400: 'Neither a meta nor a data file', 401: 'Not signed in', 403: 'Not an admin', 413: 'A file is over 50 MB' },
  }),
} as const;
