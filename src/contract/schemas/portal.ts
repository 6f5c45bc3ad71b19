import * as z from 'zod';

export const EditorTypeSchema = z.enum(['wysiwyg', 'markdown']);

/**
 * The portal. The spec leaves the issue-tracker field names out; ours are
 * `jira_enabled`, `jira_sync_status`, `linear_enabled` (flags) and `jira_domain` (URL or null).
 */
export const PortalSchema = z.looseObject({
  guid: z.string(),
  title: z.string(),
  localization: z.string(),
  editor_type: EditorTypeSchema,
  jira_enabled: z.boolean(),
  jira_sync_status: z.boolean(),
  linear_enabled: z.boolean(),
  jira_domain: z.string().nullable(),
});

export type Portal = z.infer<typeof PortalSchema>;
export type EditorType = z.infer<typeof EditorTypeSchema>;
