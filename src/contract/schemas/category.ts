import * as z from 'zod';
import { lazily } from '../lazily.js';
import { hexColor, requiredString } from '../validation.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const categorySchemas = lazily(() => {
  const CategorySchema = z.looseObject({
    id: z.number().int().nullable(),
    name: z.string(),
    color: z.string(),
    sort_order: z.number().int().nullable(),
  });

  const CategoryCreateBodySchema = z.object({
    name: requiredString('name', { min: 2, max: 60 }),
  });

  /** The service needs both fields on every update. */
  const CategoryUpdateBodySchema = z.object({
    name: requiredString('name', { min: 2, max: 60 }),
    color: hexColor('color'),
  });

  return { CategorySchema, CategoryCreateBodySchema, CategoryUpdateBodySchema };
});

type CategorySchemas = ReturnType<typeof categorySchemas>;

export type Category = z.infer<CategorySchemas['CategorySchema']>;
