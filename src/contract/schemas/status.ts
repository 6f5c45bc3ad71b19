import * as z from 'zod';
import { lazily } from '../lazily.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const statusSchemas = lazily(() => {
  /** A post status; it belongs to a board (tab), and a post on it shows on that board. */
  const StatusSchema = z.looseObject({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    tab_id: z.number().int().nullable(),
  });

  return { StatusSchema };
});

export type Status = z.infer<ReturnType<typeof statusSchemas>['StatusSchema']>;
