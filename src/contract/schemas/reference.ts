import * as z from 'zod';
import { lazily } from '../lazily.js';
import { requiredString } from '../validation.js';
import { commonSchemas } from './common.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const referenceSchemas = lazily(() => {
  const { Timestamp } = commonSchemas();

  /** Response fields are not in the spec; see docs/decisions.md. */
  const ReferenceSchema = z.looseObject({
    id: z.number().int(),
    post_id: z.string(),
    reference: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
  });

  const ReferenceCreateBodySchema = z.object({
    reference: requiredString('reference', { min: 1, max: 6000 }),
  });

  return { ReferenceSchema, ReferenceCreateBodySchema };
});

type ReferenceSchemas = ReturnType<typeof referenceSchemas>;

export type Reference = z.infer<ReferenceSchemas['ReferenceSchema']>;
