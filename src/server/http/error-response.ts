import { DomainError, ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '../domain/errors.js';
import { BodyError } from './read-body.js';

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
  if (err instanceof BodyError) return { status: err.status, body: { message: err.message } };
  if (err instanceof HttpError) return { status: err.status, body: { message: err.message }, headers: err.headers };
  const { status, headers } = (err ?? {}) as { status?: unknown; headers?: Record<string, string> };
  if (typeof status === 'number' && status >= 400 && status < 500 && err instanceof Error) {
    return { status, body: { message: err.message }, ...(headers ? { headers } : {}) };
  }
  return undefined;
}
