import * as z from 'zod';
import { lazily } from '../lazily.js';
import { withJsonShape } from '../json-shape.js';
import { attributeName, integerField, listItem, NOT_BLANK_TEXT } from '../validation.js';
import { commonSchemas } from './common.js';

/** The upload limit of sync preview and execute, in kilobytes. */
export const SYNC_MAX_KILOBYTES = 102_400;

const mustBeArray = (field: string) => `The ${attributeName(field)} field must be an array.`;

/** Link-health scans and their results. */
const linkHealthSchemas = lazily(() => {
  const { NullableTimestamp, Timestamp } = commonSchemas();

  const ScanStateSchema = z.enum(['queued', 'running', 'completed', 'failed']);

  /** `data` of scan start and progress. Counts are distinct URLs of the tab. */
  const ScanProgressSchema = z.looseObject({
    scan_id: z.string(),
    tab_id: z.number().int(),
    state: ScanStateSchema,
    total: z.number().int(),
    checked: z.number().int(),
    failed: z.number().int(),
    /** null while queued. */
    started_at: NullableTimestamp,
    finished_at: NullableTimestamp,
    /** Why a `failed` scan failed; null otherwise. */
    error: z.string().nullable(),
  });

  const LinkCheckSchema = z.looseObject({
    url: z.string(),
    ok: z.boolean(),
    /** Last HTTP status seen; null when no response arrived (refused, DNS, timeout). */
    status: z.number().int().nullable(),
    error: z.string().nullable(),
    final_url: z.string(),
    redirects: z.number().int(),
    checked_at: Timestamp,
  });

  const PostLinkHealthSchema = z.looseObject({
    /** The post key (the post's `id` in the post list). */
    post_id: z.string(),
    title: z.string(),
    healthy: z.boolean(),
    links_total: z.number().int(),
    links_failed: z.number().int(),
    links: z.array(LinkCheckSchema),
  });

  /** `data` of link-health results: the latest completed scan of the tab, failed posts first. */
  const LinkHealthResultsSchema = z.looseObject({
    tab_id: z.number().int(),
    /** null (with `posts: []`) before any scan of the tab completed. */
    scan_id: z.string().nullable(),
    scanned_at: NullableTimestamp,
    posts: z.array(PostLinkHealthSchema),
  });

  return { ScanStateSchema, ScanProgressSchema, LinkCheckSchema, PostLinkHealthSchema, LinkHealthResultsSchema };
});

/** The items a sync plan names: what the archive creates, and the tab's sections and articles. */
const syncItemSchemas = lazily(() => {
  const SyncSectionChangeSchema = z.enum(['name', 'description', 'order', 'parent']);

  const SyncArticleChangeSchema = z.enum(['title', 'body', 'section', 'order']);

  const itemText = { title: z.string(), path: z.string() };

  /** An item the archive would create; `path` is its entry in the archive. */
  const SyncCreateItemSchema = z.looseObject({ id: z.null(), ...itemText });

  /** An existing section. `path` is its archive folder (for deletions: where an export puts it). */
  const SyncSectionItemSchema = z.looseObject({ id: z.number().int(), ...itemText });

  const SyncSectionUpdateSchema = SyncSectionItemSchema.extend({ changes: z.array(SyncSectionChangeSchema) });

  /** An existing article: `id` is the post key, `database_id` the post's numeric id (both accepted in `delete_confirmed`). */
  const SyncArticleItemSchema = z.looseObject({ id: z.string(), database_id: z.number().int(), ...itemText });

  const SyncArticleUpdateSchema = SyncArticleItemSchema.extend({ changes: z.array(SyncArticleChangeSchema) });

  /** The tab's own description (root `_index.md`). */
  const SyncTabChangesSchema = z.looseObject({ changes: z.array(z.enum(['description'])) });

  return {
    SyncSectionChangeSchema,
    SyncArticleChangeSchema,
    SyncCreateItemSchema,
    SyncSectionItemSchema,
    SyncSectionUpdateSchema,
    SyncArticleItemSchema,
    SyncArticleUpdateSchema,
    SyncTabChangesSchema,
  };
});

/**
 * OpenAPI words for a field built on the hosted service's help page rather than the
 * specification: `D-…` names the decision, KB-SYNC the evidence (api-beyond-the-seed.md §13).
 */
function assumedField(description: string, decision: string) {
  return {
    description: `${description} Assumed: decision ${decision}, on evidence KB-SYNC.`,
    'x-assumed': true,
    'x-assumed-decision': decision,
    'x-assumed-evidence': ['KB-SYNC'],
  };
}

/** What this server adds to a sync plan and result: the images, and the AI instruction files it leaves alone. */
const syncImageSchemas = lazily(() => {
  /**
   * An image of the tab: `path` is its archive entry (for a removal, where an export puts it,
   * `images/<key>`), `url` where the portal serves it, under the portal's own host names.
   */
  const SyncImageItemSchema = z
    .looseObject({ path: z.string(), url: z.string(), content_type: z.string(), bytes: z.number().int() })
    .meta(
      assumedField('An image of the knowledge base, stored by the portal and linked into its articles.', 'D-KB-IMAGES'),
    );
  const list = z.array(SyncImageItemSchema);

  /** Optional, so that a service without them still parses. */
  const SyncImagePlanSchema = z
    .looseObject({ create: list, update: list, delete: list, unchanged: list })
    .optional()
    .meta(
      assumedField(
        'The images the sync would add, change (other bytes under the same path) and remove, and those it leaves as they are.',
        'D-KB-IMAGES',
      ),
    );
  const SyncImagesAppliedSchema = z
    .looseObject({ create: list, update: list, delete: list })
    .optional()
    .meta(assumedField('The images added, changed and removed.', 'D-KB-IMAGES'));
  const SyncInstructionFilesSchema = z
    .array(z.string())
    .optional()
    .meta(
      assumedField(
        'AI instruction files of the archive (CLAUDE.md, .cursorrules), by path: never articles, left alone by the sync.',
        'D-KB-INSTRUCTION-FILES',
      ),
    );
  return { SyncImageItemSchema, SyncImagePlanSchema, SyncImagesAppliedSchema, SyncInstructionFilesSchema };
});

/** Sync preview's plan and execute's result. */
const syncSchemas = lazily(() => {
  const {
    SyncCreateItemSchema,
    SyncSectionItemSchema,
    SyncSectionUpdateSchema,
    SyncArticleItemSchema,
    SyncArticleUpdateSchema,
    SyncTabChangesSchema,
  } = syncItemSchemas();
  const { SyncImagePlanSchema, SyncImagesAppliedSchema, SyncInstructionFilesSchema } = syncImageSchemas();

  /**
   * `data` of sync preview: every item of the archive and of the tab, each under
   * its one action. `unchanged` is this server's addition (optional, so that a
   * service without it still parses).
   */
  const SyncPlanSchema = z.looseObject({
    tab: SyncTabChangesSchema,
    sections: z.looseObject({
      create: z.array(SyncCreateItemSchema),
      update: z.array(SyncSectionUpdateSchema),
      delete: z.array(SyncSectionItemSchema),
      unchanged: z.array(SyncSectionItemSchema).optional(),
    }),
    articles: z.looseObject({
      create: z.array(SyncCreateItemSchema),
      update: z.array(SyncArticleUpdateSchema),
      delete: z.array(SyncArticleItemSchema),
      unchanged: z.array(SyncArticleItemSchema).optional(),
    }),
    /** Items per action; a changed tab description counts as one update. */
    summary: z.looseObject({ create: z.number().int(), update: z.number().int(), delete: z.number().int() }),
    images: SyncImagePlanSchema,
    instruction_files: SyncInstructionFilesSchema,
  });

  /** `data` of sync execute: what was done, and the deletion candidates left alone for want of confirmation. */
  const SyncResultSchema = z.looseObject({
    applied: z.looseObject({
      tab: SyncTabChangesSchema,
      sections: z.looseObject({
        create: z.array(SyncSectionItemSchema),
        update: z.array(SyncSectionUpdateSchema),
        delete: z.array(SyncSectionItemSchema),
      }),
      articles: z.looseObject({
        create: z.array(SyncArticleItemSchema),
        update: z.array(SyncArticleUpdateSchema),
        delete: z.array(SyncArticleItemSchema),
      }),
      images: SyncImagesAppliedSchema,
    }),
    skipped: z.looseObject({ sections: z.array(SyncSectionItemSchema), articles: z.array(SyncArticleItemSchema) }),
    summary: z.looseObject({
      created: z.number().int(),
      updated: z.number().int(),
      deleted: z.number().int(),
      skipped: z.number().int(),
    }),
  });

  return { SyncPlanSchema, SyncResultSchema };
});

/** The form fields of sync preview and execute. */
const syncFieldSchemas = lazily(() => {
  /**
   * Form fields of sync preview and execute besides `file`. Lists are sent as
   * repeated `name[]` parts. `delete_confirmed` takes post keys or the posts'
   * numeric ids (digit strings become numbers).
   */
  /** A post key: any text but blank, which the server reads as null. */
  const postKey = withJsonShape(z.string(), { type: 'string', pattern: NOT_BLANK_TEXT });

  const SyncMultipartFieldsSchema = z.object({
    tab_id: integerField('tab_id'),
    delete_confirmed: z
      .array(listItem('delete_confirmed', [integerField('delete_confirmed'), postKey], 'a post key or id'), {
        error: mustBeArray('delete_confirmed'),
      })
      .optional(),
    delete_sections_confirmed: z
      .array(integerField('delete_sections_confirmed'), { error: mustBeArray('delete_sections_confirmed') })
      .optional(),
  });

  return { SyncMultipartFieldsSchema };
});

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const knowledgebaseSchemas = lazily(() => ({
  TabIdBodySchema: z.object({ tab_id: integerField('tab_id') }),
  ...linkHealthSchemas(),
  ...syncItemSchemas(),
  ...syncImageSchemas(),
  ...syncSchemas(),
  ...syncFieldSchemas(),
}));

type KnowledgebaseSchemas = ReturnType<typeof knowledgebaseSchemas>;

export type ScanProgress = z.infer<KnowledgebaseSchemas['ScanProgressSchema']>;
export type LinkHealthResults = z.infer<KnowledgebaseSchemas['LinkHealthResultsSchema']>;
export type PostLinkHealth = z.infer<KnowledgebaseSchemas['PostLinkHealthSchema']>;
export type SyncPlan = z.infer<KnowledgebaseSchemas['SyncPlanSchema']>;
export type SyncResult = z.infer<KnowledgebaseSchemas['SyncResultSchema']>;
