import { VALIDATION_MESSAGE } from '../../contract/validation.js';

/** Rule failures the domain raises; `http/error-response.ts` is the one place that gives them statuses. */
export class DomainError extends Error {}

/** A record that does not exist (404). */
export class NotFoundError extends DomainError {}

/** Field validation (422 with `errors`). */
export class ValidationError extends DomainError {
  constructor(
    readonly errors: Record<string, string[]>,
    message = VALIDATION_MESSAGE,
  ) {
    super(message);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** A rule of the service refused the operation (422 with a message only). */
export class RuleViolation extends DomainError {}

/** The key may not do this (403). */
export class ForbiddenError extends DomainError {}

/** Model-not-found text of the service, e.g. `No query results for model [App\Models\Post] abc12`. */
export function noQueryResults(model: string, id: string | number): NotFoundError {
  return new NotFoundError(`No query results for model [App\\Models\\${model}] ${id}`);
}
