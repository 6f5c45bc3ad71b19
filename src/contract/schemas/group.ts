import * as z from 'zod';
import { optionalString, requiredString } from '../validation.js';
import { Timestamp } from './common.js';

export const GroupSchema = z.looseObject({
  id: z.string(),
  portal_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const GroupCreateBodySchema = z.object({
  name: requiredString('name', { min: 2, max: 60 }),
  description: optionalString('description', { max: 1000 }),
});

/** Both fields optional; a `name` that is sent must be a real name (null or "" is "required"). */
export const GroupUpdateBodySchema = z.object({
  name: requiredString('name', { min: 2, max: 60 }).optional(),
  description: optionalString('description', { max: 1000 }),
});

const STRING_OR_INTEGER = 'The user id field must be a string or an integer.';

/** Adding takes the user's UUID key (preferred) or integer id. */
export const GroupUserAddBodySchema = z.object({
  user_id: z.union([z.string(), z.number().int({ error: STRING_OR_INTEGER })], {
    error: (i) => (i.input === undefined || i.input === null ? 'The user id field is required.' : STRING_OR_INTEGER),
  }).refine((v) => v !== '', { error: 'The user id field is required.' }),
});

const MUST_BE_INTEGER = 'The user id field must be an integer.';

/** Removing takes the integer id. */
export const GroupUserRemoveBodySchema = z.object({
  user_id: z
    .union([z.number().int({ error: MUST_BE_INTEGER }), z.string().regex(/^\d+$/, { error: MUST_BE_INTEGER })], {
      error: (i) => (i.input === undefined || i.input === null ? 'The user id field is required.' : MUST_BE_INTEGER),
    })
    .transform((v) => Number(v)),
});

export type Group = z.infer<typeof GroupSchema>;
export type GroupCreateBody = z.infer<typeof GroupCreateBodySchema>;
export type GroupUpdateBody = z.infer<typeof GroupUpdateBodySchema>;
