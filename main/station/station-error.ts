import type { ApiErrorBody, Failure } from '../../preload/api';

/**
 * Thrown by a station method when it cannot be carried out for a reason the caller should see. It lives with the
 * station, which throws it; the hosts (dispatch, the headless commands) only read it.
 */
export class StationError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
    this.name = 'StationError';
  }

  static failed(failure: Failure): StationError {
    return new StationError({ error: 'failed', message: failure.message, failure });
  }

  /** `failure` tells the UI what to say (its code and detail); `message` stays the English text for logs. */
  static notFound(message: string, failure?: Failure): StationError {
    return new StationError({ error: 'not_found', message, ...(failure ? { failure } : {}) });
  }
}
