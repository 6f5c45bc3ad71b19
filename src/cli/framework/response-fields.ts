import * as z from 'zod';
import type { Endpoint } from '../../contract/endpoints.js';

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
    s = s.unwrap() as z.ZodType;
  return s;
}

function keysOf(schema: z.ZodType): string[] {
  const s = unwrap(schema);
  if (s instanceof z.ZodObject) return Object.keys(s.shape);
  if (s instanceof z.ZodUnion) return [...new Set((s.options as z.ZodType[]).flatMap(keysOf))];
  return [];
}

/**
 * The fields `--fields` may name, from the endpoint's response schema: the record of `{data: {…}}`,
 * or the items of `{data: […]}`. Known even when a list comes back empty.
 */
export function responseFields(endpoint: Endpoint | undefined): { list?: string[]; item?: string[] } {
  const response = endpoint ? unwrap(endpoint.response) : undefined;
  if (!(response instanceof z.ZodObject)) return {};
  const data = (response.shape as Record<string, z.ZodType>).data;
  if (!data) return {};
  const inner = unwrap(data);
  if (inner instanceof z.ZodArray) return { list: keysOf(inner.element as z.ZodType) };
  if (inner instanceof z.ZodObject) return { item: keysOf(inner) };
  return {};
}
