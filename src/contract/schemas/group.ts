import * as z from 'zod';
import { lazily } from '../lazily.js';
import { withJsonShape } from '../json-shape.js';
import { INTEGER_OR_DIGITS, NOT_BLANK_TEXT, optionalString, requiredString } from '../validation.js';
import { commonSchemas } from './common.js';

const STRING_OR_INTEGER = 'The user id field must be a string or an integer.';

const MUST_BE_INTEGER = 'The user id field must be an integer.';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const groupSchemas = lazily(() => {
  const { Timestamp } = commonSchemas();

  const GroupSchema = z.looseObject({
    id: z.string(),
    portal_id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  });

  const GroupCreateBodySchema = z.object({
    name: requiredString('name', { min: 2, max: 60 }),
    description: optionalString('description', { max: 1000 }),
  });

  /** Both fields optional; a `name` that is sent must be a real name (null or "" is "required"). */
  const GroupUpdateBodySchema = z.object({
    name: requiredString('name', { min: 2, max: 60 }).optional(),
    description: optionalString('description', { max: 1000 }),
  });

  /** Adding takes the user's UUID key (preferred) or integer id. */
  const GroupUserAddBodySchema = z.object({
    user_id: withJsonShape(
      z
        .union([z.string(), z.number().int({ error: STRING_OR_INTEGER })], {
          error: (i) =>
            i.input === undefined || i.input === null ? 'The user id field is required.' : STRING_OR_INTEGER,
        })
        .refine((v) => v !== '', { error: 'The user id field is required.' }),
      { anyOf: [{ type: 'string', pattern: NOT_BLANK_TEXT }, INTEGER_OR_DIGITS.anyOf[0]] },
    ),
  });

  /** Removing takes the integer id. */
  const GroupUserRemoveBodySchema = z.object({
    user_id: withJsonShape(
      z
        .union([z.number().int({ error: MUST_BE_INTEGER }), z.string().regex(/^[0-9]+$/, { error: MUST_BE_INTEGER })], {
          error: (i) =>
            i.input === undefined || i.input === null ? 'The user id field is required.' : MUST_BE_INTEGER,
        })
        .transform((v) => Number(v)),
      INTEGER_OR_DIGITS,
    ),
  });

  return {
    GroupSchema,
    GroupCreateBodySchema,
    GroupUpdateBodySchema,
    GroupUserAddBodySchema,
    GroupUserRemoveBodySchema,
  };
});

type GroupSchemas = ReturnType<typeof groupSchemas>;

export type Group = z.infer<GroupSchemas['GroupSchema']>;
export type GroupCreateBody = z.infer<GroupSchemas['GroupCreateBodySchema']>;
