/** Everything the client can fail with, each telling the CLI which exit code applies. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Why the client stopped retrying, when it did (printed under the error). */
  retry?: string;

  /** What to check, when the client can tell (a base URL with a path the portal does not serve). */
  hint?: string;
}

/** The server could not be reached or did not answer in time. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** A dropped connection is worth another attempt for idempotent requests. */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }

  /** Why the client stopped retrying, when it did (printed under the error). */
  retry?: string;
}

/** A 2xx answer whose body does not match the endpoint's schema. */
export class ResponseShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseShapeError';
  }
}

/** An answer larger than the client reads whole (--max-response); reading stopped at the limit. */
export class ResponseTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseTooLargeError';
  }
}

/** A request the client refused to send because a value breaks the endpoint's rules. */
export class RequestValidationError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'RequestValidationError';
  }
}
