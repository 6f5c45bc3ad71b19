import * as z from 'zod';
import { lazily } from '../lazily.js';
import { integerField, optionalString, requiredString } from '../validation.js';

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

  /** D-SECTION-WRITE: a section of a tab, under a parent section of the same tab or at the top. */
  const SectionCreateBodySchema = z.object({
    tab_id: integerField('tab_id'),
    title: requiredString('title', { max: 255 }),
    parent_id: integerField('parent_id').nullish(),
    description: optionalString('description', { max: 5000 }),
  });

  /** Only the fields sent change; the tab stays. */
  const SectionUpdateBodySchema = z.object({
    title: requiredString('title', { max: 255 }).optional(),
    parent_id: integerField('parent_id').nullish(),
    description: optionalString('description', { max: 5000 }),
  });

  return { SectionSchema, SectionCreateBodySchema, SectionUpdateBodySchema };
});

export type Section = z.infer<ReturnType<typeof sectionSchemas>['SectionSchema']>;
export type SectionCreateBody = z.output<ReturnType<typeof sectionSchemas>['SectionCreateBodySchema']>;
export type SectionUpdateBody = z.output<ReturnType<typeof sectionSchemas>['SectionUpdateBodySchema']>;
