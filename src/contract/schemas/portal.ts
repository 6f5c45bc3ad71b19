import * as z from 'zod';
import { lazily } from '../lazily.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const portalSchemas = lazily(() => {
  const EditorTypeSchema = z.enum(['wysiwyg', 'markdown']);

  /**
   * The portal. The spec leaves the issue-tracker field names out; ours are
   * `jira_enabled`, `jira_sync_status`, `linear_enabled` (flags) and `jira_domain` (URL or null).
   */
  const PortalSchema = z.looseObject({
    guid: z.string(),
    title: z.string(),
    localization: z.string(),
    editor_type: EditorTypeSchema,
    jira_enabled: z.boolean(),
    jira_sync_status: z.boolean(),
    linear_enabled: z.boolean(),
    jira_domain: z.string().nullable(),
  });

  return { EditorTypeSchema, PortalSchema };
});

type PortalSchemas = ReturnType<typeof portalSchemas>;

export type Portal = z.infer<PortalSchemas['PortalSchema']>;
