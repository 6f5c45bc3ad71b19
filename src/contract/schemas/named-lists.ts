import * as z from 'zod';

/**
 * What the API takes by id or slug but never lists. The reference server shows them under
 * `GET /__reference/<list>` (inspection, not part of the product's API) so `fp` can resolve
 * names and name the valid ones; the hosted service has no such endpoints.
 */
export const NamedListSchemas = {
  tabs: z.array(z.looseObject({ id: z.number().int(), slug: z.string(), name: z.string(), type: z.string() })),
  sections: z.array(
    z.looseObject({
      id: z.number().int(),
      tab_id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      parent_id: z.number().int().nullable(),
    }),
  ),
  statuses: z.array(
    z.looseObject({ id: z.number().int(), name: z.string(), color: z.string(), tab_id: z.number().int().nullable() }),
  ),
  tags: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  /** The API finds users by UUID or integer id only; people know them by name or e-mail. */
  users: z.array(z.looseObject({ id: z.string(), database_id: z.number().int(), name: z.string(), email: z.string() })),
};

export type NamedList = keyof typeof NamedListSchemas;
export type NamedItem<K extends NamedList> = z.infer<(typeof NamedListSchemas)[K]>[number];
