import { isConnectionError } from '@groundtruth/platform';

/** System error codes of a store that is out of reach (network, disk), not of a bad upload. */
const OUT_OF_REACH_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EACCES',
  'EPERM',
  'EROFS',
  'EIO',
  'ENOSPC',
  'EMFILE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);
const OUT_OF_REACH_TEXT =
  /socket hang up|fetch failed|Timeout error|other side closed|connect ECONNREFUSED|Cannot reach ClickHouse|Connection (refused|reset|terminated)|Failed to create connection|Cannot lock file|Network ?Error|ServiceUnavailable|SlowDown/i;

/**
 * Whether a failure of processing is the stores' (ClickHouse, the blob store or Postgres out of
 * reach: try again later, the upload waits) rather than the upload's (it ends processed with the
 * error). Looks through `cause` chains, as clients wrap what the socket said.
 */
export const isTransientFailure = (error: unknown): boolean => {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isConnectionError(e)) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && OUT_OF_REACH_CODES.has(code)) return true;
    if (typeof message === 'string' && OUT_OF_REACH_TEXT.test(message)) return true;
  }
  return false;
};
