import * as z from 'zod';

export const linkCheckSchema = z.object({
  url: z.string(),
  ok: z.boolean(),
  /** Last HTTP status seen; null when no response arrived (DNS, refused, reset, timeout). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  final_url: z.string(),
  redirects: z.number().int().nonnegative(),
  checked_at: z.iso.datetime(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;

export const postHealthSchema = z.object({
  post_key: z.string(),
  title: z.string(),
  healthy: z.boolean(),
  links_total: z.number().int().nonnegative(),
  links_failed: z.number().int().nonnegative(),
  links: z.array(linkCheckSchema),
});
export type PostHealth = z.infer<typeof postHealthSchema>;

export const scanCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  checked: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type ScanCounts = z.infer<typeof scanCountsSchema>;

export const scanResultSchema = scanCountsSchema.extend({
  posts: z.array(postHealthSchema),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const scanStateSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type ScanState = z.infer<typeof scanStateSchema>;

export const scanProgressSchema = scanCountsSchema.extend({
  scan_id: z.uuid(),
  tab_id: z.number().int(),
  state: scanStateSchema,
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type ScanProgress = z.infer<typeof scanProgressSchema>;

export const editorTypeSchema = z.enum(['markdown', 'wysiwyg']);
export type EditorType = z.infer<typeof editorTypeSchema>;

export interface ScanArticle {
  key: string;
  title: string;
  body: string;
  editorType: EditorType;
}
