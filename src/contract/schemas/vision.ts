import * as z from 'zod';
import { lazily } from '../lazily.js';
import { optionalString, requiredString } from '../validation.js';

/** The most a vision holds: a MySQL TEXT column, as a post description. */
const VISION_CONTENT_MAX = 65_535;

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const visionSchemas = lazily(() => {
  /** The portal's one product vision (D-PRODUCT-VISION). */
  const ProductVisionSchema = z.looseObject({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  });

  /** An upsert: `content` is required; a `title` left out keeps the vision's title (none: empty). */
  const ProductVisionBodySchema = z.object({
    title: optionalString('title', { max: 255 }),
    content: requiredString('content', { max: VISION_CONTENT_MAX }),
  });

  return { ProductVisionSchema, ProductVisionBodySchema };
});

export type ProductVision = z.infer<ReturnType<typeof visionSchemas>['ProductVisionSchema']>;
export type ProductVisionBody = z.output<ReturnType<typeof visionSchemas>['ProductVisionBodySchema']>;
