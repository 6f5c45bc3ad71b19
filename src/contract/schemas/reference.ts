import * as z from 'zod';
import { requiredString } from '../validation.js';
import { Timestamp } from './common.js';

/** Response fields are not in the spec; see docs/decisions.md. */
export const ReferenceSchema = z.looseObject({
  id: z.number().int(),
  post_id: z.string(),
  reference: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ReferenceCreateBodySchema = z.object({
  reference: requiredString('reference', { min: 1, max: 6000 }),
});

export type Reference = z.infer<typeof ReferenceSchema>;
