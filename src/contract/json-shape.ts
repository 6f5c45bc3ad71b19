import * as z from 'zod';

/** A JSON Schema fragment, as written into the OpenAPI document. */
export type JsonShape = Record<string, unknown>;

/**
 * What a request-field builder accepts, in JSON Schema words. The builders check
 * lengths, patterns and integers with refinements (to word the service's messages),
 * which `z.toJSONSchema` cannot see; each builder states the same limits here, from
 * the same arguments, so the document carries them.
 */
export const jsonShapes = z.registry<JsonShape>();

export function withJsonShape<T extends z.ZodType>(schema: T, shape: JsonShape): T {
  jsonShapes.add(schema, shape);
  return schema;
}
