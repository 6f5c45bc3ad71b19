import * as z from 'zod';
import { lazily } from '../lazily.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const tagSchemas = lazily(() => {
  /** An internal label; its id is what the post list's `tag_id` filter takes. */
  const TagSchema = z.looseObject({
    id: z.string(),
    name: z.string(),
  });

  return { TagSchema };
});

export type Tag = z.infer<ReturnType<typeof tagSchemas>['TagSchema']>;
