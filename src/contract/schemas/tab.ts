import * as z from 'zod';
import { lazily } from '../lazily.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const tabSchemas = lazily(() => {
  /** A board: `type` is board, roadmap, changelog or knowledge_base; `slug` is what the post list's `tab` takes. */
  const TabSchema = z.looseObject({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    type: z.string(),
    description: z.string(),
  });

  return { TabSchema };
});

export type Tab = z.infer<ReturnType<typeof tabSchemas>['TabSchema']>;
