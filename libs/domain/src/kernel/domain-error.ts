/** Kinds map one-to-one to HTTP statuses in the API's single exception filter. */
export type DomainErrorKind = 'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many_requests';

export type FieldErrors = Readonly<Record<string, string>>;

/** The only error type the domain throws: a stable code, a human message, optional field errors. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }

  static validation(code: string, fieldErrors: FieldErrors, message = 'Some fields are not valid.'): DomainError {
    return new DomainError('validation', code, message, fieldErrors);
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
