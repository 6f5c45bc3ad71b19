import * as z from 'zod';
import { lazily } from '../lazily.js';

export const dataOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: item });

export const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item) });

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const commonSchemas = lazily(() => {
  const Timestamp = z.string();

  const NullableTimestamp = z.string().nullable();

  const ErrorBodySchema = z.looseObject({ message: z.string() });

  const ValidationErrorBodySchema = z.looseObject({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  });

  const MessageSchema = z.looseObject({ message: z.string() });

  /** Some deletes answer with an empty JSON object. */
  const EmptySchema = z.looseObject({});

  return { Timestamp, NullableTimestamp, ErrorBodySchema, ValidationErrorBodySchema, MessageSchema, EmptySchema };
});
