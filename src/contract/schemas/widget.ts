import * as z from 'zod';
import { lazily } from '../lazily.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const widgetSchemas = lazily(() => {
  /** An embedded widget (D-WIDGETS): `id` is the UUID its iframe URL carries as `widget_id`. */
  const WidgetSchema = z.looseObject({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    tab_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  });

  return { WidgetSchema };
});

export type Widget = z.infer<ReturnType<typeof widgetSchemas>['WidgetSchema']>;
