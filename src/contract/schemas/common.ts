import * as z from 'zod';

export const Timestamp = z.string();
export const NullableTimestamp = z.string().nullable();

export const ErrorBodySchema = z.looseObject({ message: z.string() });
export const ValidationErrorBodySchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const MessageSchema = z.looseObject({ message: z.string() });
/** Some deletes answer with an empty JSON object. */
export const EmptySchema = z.looseObject({});

export const dataOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item) });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;
