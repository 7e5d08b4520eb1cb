// The one way a service says "no" to a request: a named error from the catalogue (API.md).
// The app's error handler turns it into the JSON error body; nothing else builds that body.
import { API_ERRORS, type ApiErrorBody, type ApiErrorName } from '#shared/api/errors.ts';

export class ServiceError extends Error {
  readonly error: ApiErrorName;
  readonly details: unknown[] | undefined;

  constructor(error: ApiErrorName, description: string, details?: unknown[]) {
    super(description);
    this.name = 'ServiceError';
    this.error = error;
    this.details = details;
  }

  get status(): number {
    return API_ERRORS[this.error].status;
  }

  toBody(): ApiErrorBody {
    return errorBody(this.error, this.message, this.details);
  }
}

export function errorBody(error: ApiErrorName, description: string, details?: unknown[]): ApiErrorBody {
  return {
    error,
    error_code: API_ERRORS[error].code,
    error_description: description,
    ...(details && details.length > 0 ? { details } : {}),
  };
}

/** Too many attempts in a window: when to try again goes in the details and the Retry-After header. */
export function tooManyRequests(resetInMs: number) {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new ServiceError('too_many_requests', `Too many attempts. Try again in ${seconds} seconds.`, [{ retry_after_seconds: seconds }]);
}
