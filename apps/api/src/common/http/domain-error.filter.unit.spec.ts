import type { ArgumentsHost } from '@nestjs/common';
import { DomainError } from '@groundtruth/domain';
import type { Logger } from '@groundtruth/platform';
import { DomainErrorFilter } from './domain-error.filter.js';

/** The filter's answer to `error`: status, headers and body, from a stand-in response. */
const answerTo = (error: unknown) => {
  const headers: Record<string, string> = {};
  const answer = { status: 0, headers, body: null as unknown };
  const res = {
    headersSent: false,
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    status: (status: number) => {
      answer.status = status;
      return { json: (body: unknown) => (answer.body = body) };
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  const log = { warn: () => undefined, error: () => undefined } as unknown as Logger;
  new DomainErrorFilter(log).catch(error, host);
  return answer;
};

describe('DomainErrorFilter', () => {
  it('says when to retry on every 429: the seconds the error names, else a minute', () => {
    const limited = Object.assign(new DomainError('too_many_requests', 'AUTH.TOO_MANY_ATTEMPTS', 'Too many.'), {
      retryAfterSeconds: 123.2,
    });
    expect(answerTo(limited)).toMatchObject({ status: 429, headers: { 'retry-after': '124' } });
    expect(answerTo(new DomainError('too_many_requests', 'X.LIMITED', 'Too many.'))).toMatchObject({
      status: 429,
      headers: { 'retry-after': '60' },
    });
  });

  it('sets no Retry-After on other refusals', () => {
    expect(answerTo(new DomainError('conflict', 'X.CONFLICT', 'No.')).headers).toEqual({});
  });

  it('answers the body reader’s depth refusal as 400 REQUEST.TOO_DEEP', () => {
    const tooDeep = Object.assign(new Error('deep'), { status: 400, type: 'entity.too.deep' });
    expect(answerTo(tooDeep)).toMatchObject({ status: 400, body: { code: 'REQUEST.TOO_DEEP' } });
  });
});
