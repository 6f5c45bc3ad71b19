import * as z from 'zod';
import { lazily } from '../lazily.js';
import { hexColor, integerField, requiredString } from '../validation.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const statusSchemas = lazily(() => {
  /** A post status; it belongs to a board (tab), and a post on it shows on that board. */
  const StatusSchema = z.looseObject({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    tab_id: z.number().int().nullable(),
  });

  /** D-STATUS-WRITE: a name unique in the portal, a colour, the board it belongs to. */
  const StatusCreateBodySchema = z.object({
    name: requiredString('name', { min: 2, max: 60 }),
    color: hexColor('color').optional(),
    tab_id: integerField('tab_id').nullish(),
  });

  /** Only the fields sent change. */
  const StatusUpdateBodySchema = z.object({
    name: requiredString('name', { min: 2, max: 60 }).optional(),
    color: hexColor('color').optional(),
    tab_id: integerField('tab_id').nullish(),
  });

  return { StatusSchema, StatusCreateBodySchema, StatusUpdateBodySchema };
});

export type Status = z.infer<ReturnType<typeof statusSchemas>['StatusSchema']>;
export type StatusCreateBody = z.output<ReturnType<typeof statusSchemas>['StatusCreateBodySchema']>;
export type StatusUpdateBody = z.output<ReturnType<typeof statusSchemas>['StatusUpdateBodySchema']>;
