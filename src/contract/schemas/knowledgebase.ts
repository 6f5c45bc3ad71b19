import { z } from 'zod';
import { integerField } from '../validation.js';
import { NullableTimestamp, Timestamp } from './common.js';

export const TabIdBodySchema = z.object({ tab_id: integerField('tab_id') });

export const ScanStateSchema = z.enum(['queued', 'running', 'completed', 'failed']);

export const ScanProgressSchema = z.looseObject({
  scan_id: z.string(),
  tab_id: z.number().int(),
  state: ScanStateSchema,
  total: z.number().int(),
  checked: z.number().int(),
  failed: z.number().int(),
  started_at: Timestamp,
  finished_at: NullableTimestamp,
  error: z.string().nullable(),
});

export const LinkCheckSchema = z.looseObject({
  url: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  final_url: z.string(),
  redirects: z.number().int(),
  checked_at: Timestamp,
});

export const PostLinkHealthSchema = z.looseObject({
  post_id: z.string(),
  title: z.string(),
  healthy: z.boolean(),
  links_total: z.number().int(),
  links_failed: z.number().int(),
  links: z.array(LinkCheckSchema),
});

export const LinkHealthResultsSchema = z.looseObject({
  tab_id: z.number().int(),
  scan_id: z.string().nullable(),
  scanned_at: NullableTimestamp,
  posts: z.array(PostLinkHealthSchema),
});

const PlanItemSchema = z.looseObject({
  id: z.union([z.number().int(), z.string()]).nullable(),
  title: z.string(),
  path: z.string(),
  changes: z.array(z.string()).optional(),
});
const PlanKindSchema = z.looseObject({
  create: z.array(PlanItemSchema),
  update: z.array(PlanItemSchema),
  delete: z.array(PlanItemSchema),
});

export const SyncPlanSchema = z.looseObject({
  sections: PlanKindSchema,
  articles: PlanKindSchema,
  summary: z.looseObject({ create: z.number().int(), update: z.number().int(), delete: z.number().int() }),
});

export const SyncResultSchema = z.looseObject({
  applied: z.looseObject({ sections: PlanKindSchema, articles: PlanKindSchema }),
  skipped: z.looseObject({ sections: z.array(PlanItemSchema), articles: z.array(PlanItemSchema) }),
  summary: z.looseObject({
    created: z.number().int(),
    updated: z.number().int(),
    deleted: z.number().int(),
    skipped: z.number().int(),
  }),
});

/** The upload limit of sync preview and execute, in kilobytes. */
export const SYNC_MAX_KILOBYTES = 102_400;

export const SyncMultipartFieldsSchema = z.object({
  tab_id: integerField('tab_id'),
  delete_confirmed: z.array(integerField('delete_confirmed').or(z.string())).optional(),
  delete_sections_confirmed: z.array(integerField('delete_sections_confirmed')).optional(),
});

export type ScanProgress = z.infer<typeof ScanProgressSchema>;
export type LinkHealthResults = z.infer<typeof LinkHealthResultsSchema>;
export type SyncPlan = z.infer<typeof SyncPlanSchema>;
export type SyncResult = z.infer<typeof SyncResultSchema>;
