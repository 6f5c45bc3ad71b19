import * as z from 'zod';
import { hexColor, requiredString } from '../validation.js';

export const CategorySchema = z.looseObject({
  id: z.number().int().nullable(),
  name: z.string(),
  color: z.string(),
  sort_order: z.number().int().nullable(),
});

export const CategoryCreateBodySchema = z.object({
  name: requiredString('name', { min: 2, max: 60 }),
});

/** The service needs both fields on every update. */
export const CategoryUpdateBodySchema = z.object({
  name: requiredString('name', { min: 2, max: 60 }),
  color: hexColor('color'),
});

export type Category = z.infer<typeof CategorySchema>;
export type CategoryCreateBody = z.infer<typeof CategoryCreateBodySchema>;
export type CategoryUpdateBody = z.infer<typeof CategoryUpdateBodySchema>;
