import * as z from 'zod';

/**
 * Response fields whose text any member of the public can write: post titles and
 * descriptions, comments, feedback, user names. Whoever shows them to an agent shows
 * them as data (the MCP tools fence them); the API itself returns them as they are.
 * A registry of its own, so the mark stays out of the OpenAPI document.
 */
export const publicTextFields = z.registry<Record<string, never>>();

/** Mark a response field as text written by the public. */
export function publicText<T extends z.ZodType>(schema: T): T {
  publicTextFields.add(schema, {});
  return schema;
}
