import { MESSAGES, type FieldError } from '@nhatro/common';

/** An error that becomes an HTTP reply with a Vietnamese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorMessage: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(errorMessage);
    this.name = 'ApiError';
  }

  static badRequest(message: string): ApiError {
    return new ApiError(400, message);
  }
  static validation(errors: FieldError[]): ApiError {
    return new ApiError(400, errors[0]?.errorMessage ?? MESSAGES.invalidInput, errors);
  }
  static unauthenticated(message: string = MESSAGES.unauthenticated): ApiError {
    return new ApiError(401, message);
  }
  static forbidden(message: string = MESSAGES.forbidden): ApiError {
    return new ApiError(403, message);
  }
  static notFound(message: string = MESSAGES.notFound): ApiError {
    return new ApiError(404, message);
  }
  static conflict(message: string = MESSAGES.conflict): ApiError {
    return new ApiError(409, message);
  }
}
