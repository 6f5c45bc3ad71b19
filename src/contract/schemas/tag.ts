import * as z from 'zod';
import { lazily } from '../lazily.js';
import { requiredString } from '../validation.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const tagSchemas = lazily(() => {
  /** An internal label; its id is what the post list's `tag_id` filter takes. */
  const TagSchema = z.looseObject({
    id: z.string(),
    name: z.string(),
  });

  /** D-TAG-WRITE: a tag is its name, unique in the portal. */
  const TagBodySchema = z.object({ name: requiredString('name', { min: 2, max: 60 }) });

  return { TagSchema, TagBodySchema };
});

export type Tag = z.infer<ReturnType<typeof tagSchemas>['TagSchema']>;
export type TagBody = z.output<ReturnType<typeof tagSchemas>['TagBodySchema']>;
