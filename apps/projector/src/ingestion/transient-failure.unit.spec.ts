import { DomainError } from '@groundtruth/domain';
import { isTransientFailure } from './transient-failure.js';

const sysError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('isTransientFailure', () => {
  it('calls a store out of reach transient, also when wrapped', () => {
    expect(isTransientFailure(sysError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'))).toBe(true);
    expect(isTransientFailure(new Error('fetch failed', { cause: sysError('UND_ERR_SOCKET') }))).toBe(true);
    expect(isTransientFailure(new Error('socket hang up'))).toBe(true);
    expect(isTransientFailure(sysError('EACCES', "EACCES: permission denied, open '/data/uploads/1.data'"))).toBe(true);
    expect(isTransientFailure(sysError('57P01', 'terminating connection due to administrator command'))).toBe(true);
  });

  it('calls what the upload or the code did wrong final', () => {
    expect(isTransientFailure(new Error('Code: 53. DB::Exception: Type mismatch'))).toBe(false);
    expect(isTransientFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isTransientFailure(new DomainError('not_found', 'INGESTION.NOT_FOUND', 'There is no such upload.'))).toBe(false);
    expect(isTransientFailure(undefined)).toBe(false);
  });
});
