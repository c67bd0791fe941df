import { MESSAGES, type FieldError } from '@nhatro/common';

/**
 * What went wrong, in the words of the rules (not of HTTP). The edge maps each kind to a status
 * in one place (`http/errors.ts`); use cases and domain rules only throw these.
 */
export type ErrorKind =
  | 'badRequest'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'stale'
  | 'tooLarge'
  | 'unsupportedMedia'
  | 'tooManyRequests';

/** A refusal the user can act on, always with a Vietnamese message. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly errorMessage: string,
    readonly details: { fieldErrors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(errorMessage);
    this.name = 'AppError';
  }

  static badRequest(message: string = MESSAGES.invalidInput): AppError {
    return new AppError('badRequest', message);
  }
  static validation(errors: FieldError[]): AppError {
    return new AppError('badRequest', errors[0]?.errorMessage ?? MESSAGES.invalidInput, {
      fieldErrors: errors,
    });
  }
  static unauthenticated(message: string = MESSAGES.unauthenticated): AppError {
    return new AppError('unauthenticated', message);
  }
  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError('forbidden', message);
  }
  /** Also for objects of another landlord: their existence is never revealed. */
  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError('notFound', message);
  }
  static conflict(message: string = MESSAGES.conflict): AppError {
    return new AppError('conflict', message);
  }
  /** The client changed an object someone else changed since it was read. */
  static stale(message: string = MESSAGES.staleData): AppError {
    return new AppError('stale', message);
  }
  static tooLarge(message: string): AppError {
    return new AppError('tooLarge', message);
  }
  static unsupportedMedia(message: string = MESSAGES.unsupportedMediaType): AppError {
    return new AppError('unsupportedMedia', message);
  }
  static tooManyRequests(message: string, retryAfterMs: number): AppError {
    return new AppError('tooManyRequests', message, { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
  }
}
