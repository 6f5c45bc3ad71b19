import { DomainError, ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '../domain/errors.js';
import { VALIDATION_MESSAGE } from '../../contract/validation.js';
import { BodyError } from './read-body.js';
import { MultipartError } from './read-multipart.js';

export interface ErrorResponse {
  status: number;
  body: { message: string; errors?: Record<string, string[]> };
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const UNAUTHENTICATED = 'Unauthenticated.';

/** The single map from errors to statuses and the spec's error bodies. */
export function errorResponse(err: unknown): ErrorResponse | undefined {
  if (err instanceof ValidationError) return { status: 422, body: { message: err.message, errors: err.errors } };
  if (err instanceof RuleViolation) return { status: 422, body: { message: err.message } };
  if (err instanceof NotFoundError) return { status: 404, body: { message: err.message } };
  if (err instanceof ForbiddenError) return { status: 403, body: { message: err.message } };
  if (err instanceof DomainError) return { status: 422, body: { message: err.message } };
  if (err instanceof MultipartError && err.status < 500) return { status: err.status, body: multipartRefusal(err) };
  if (err instanceof BodyError) return { status: err.status, body: { message: err.message } };
  if (err instanceof HttpError) return { status: err.status, body: { message: err.message }, headers: err.headers };
  const { status, headers } = (err ?? {}) as { status?: unknown; headers?: Record<string, string> };
  if (typeof status === 'number' && status >= 400 && status < 500 && err instanceof Error) {
    return { status, body: { message: err.message }, ...(headers ? { headers } : {}) };
  }
  return undefined;
}

function multipartRefusal(err: MultipartError): ErrorResponse['body'] {
  if (err.field === undefined) return { message: err.message };
  // 413 names the limit in its message, as the service's size rule words it.
  const message = err.status === 422 ? VALIDATION_MESSAGE : err.message;
  return { message, errors: { [err.field]: [err.message] } };
}
