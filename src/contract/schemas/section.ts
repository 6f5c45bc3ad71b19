import * as z from 'zod';
import { lazily } from '../lazily.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const sectionSchemas = lazily(() => {
  /** A section of a tab (a folder of a knowledge base); `parent_id` nests it. */
  const SectionSchema = z.looseObject({
    id: z.number().int(),
    tab_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    sort_order: z.number().int(),
  });

  return { SectionSchema };
});

export type Section = z.infer<ReturnType<typeof sectionSchemas>['SectionSchema']>;
