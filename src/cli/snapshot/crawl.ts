import { readComments } from './crawl-comments.js';
import { readKnowledgeBase } from './crawl-kb.js';
import { readListed } from './crawl-listed.js';
import { readModerationQueues } from './crawl-moderation.js';
import { readPosts, readProbes } from './crawl-posts.js';
import { has, type CrawlContext, type StepKit } from './crawl-state.js';
import { PART, type FeedbackSeed, type GroupSeed } from './records.js';

export { freshState, type CrawlContext, type CrawlProgress, type CrawlState } from './crawl-state.js';

/**
 * Reads the whole portal into the journal, step by step; a resumed crawl skips what is done.
 * Every paged listing passes a page guard (page-guard.ts) before its items are written, so a
 * portal whose pagination loops stops the crawl with the journal holding only good pages.
 */
export async function crawlPortal(ctx: CrawlContext): Promise<void> {
  const kit = stepKit(ctx);
  await readSettings(ctx, kit);
  await readListed(ctx, kit);
  await readCategories(ctx, kit);
  await readGroups(ctx, kit);
  await readKnowledgeBase(ctx, kit);
  await readModerationQueues(ctx, kit);
  await readPosts(ctx, kit);
  await readProbes(ctx, kit);
  await readComments(ctx, kit);
  await readFeedback(ctx, kit);
}

function stepKit(ctx: CrawlContext): StepKit {
  let last = Date.now();
  let items = 0;
  return {
    checkpoint(force = false) {
      if (!force && Date.now() - last < 1000) return;
      ctx.journal.state.requests = ctx.requests();
      ctx.journal.commit();
      last = Date.now();
    },
    tick: (n = 1, remaining) => ctx.progress.tick((items += n), remaining),
  };
}

async function readSettings(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (s.portal) return;
  ctx.progress.step('portal');
  const { data } = await ctx.client.call('portal.get', {});
  s.portal = {
    guid: data.guid,
    title: data.title,
    localization: data.localization,
    editor_type: data.editor_type,
    jira_enabled: data.jira_enabled,
    jira_sync_status: data.jira_sync_status,
    linear_enabled: data.linear_enabled,
    jira_domain: data.jira_domain,
  };
  kit.checkpoint(true);
}

async function readCategories(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'categories') || s.categories) return;
  ctx.progress.step('categories');
  const { data } = await ctx.client.call('categories.list', {});
  s.categories = data.flatMap((c) =>
    c.id === null ? [] : [{ id: c.id, name: c.name, color: c.color, sort_order: c.sort_order }],
  );
  kit.tick(s.categories.length);
  kit.checkpoint(true);
}

async function readGroups(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'groups') || s.groups) return;
  ctx.progress.step('groups');
  const { data } = await ctx.client.call('groups.list', {});
  const groups: GroupSeed[] = [];
  for (const g of data) {
    const members = await ctx.client.call('groups.listUsers', { params: { group: g.id } });
    for (const u of members.data) ctx.users.see(u);
    groups.push({
      id: g.id,
      name: g.name,
      description: g.description,
      user_ids: members.data.map((u) => u.id),
      created_at: g.created_at,
      updated_at: g.updated_at,
    });
    kit.tick();
  }
  s.groups = groups;
  kit.checkpoint(true);
}

async function readFeedback(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'feedback') || s.feedback_done) return;
  ctx.progress.step('feedback');
  const { data } = await ctx.client.call('feedback.list', {});
  // The list is newest first; the seed keeps creation order so that ties list the same way.
  for (const f of [...data].reverse()) {
    const extra = f as { source?: string | null; widget_id?: string | null };
    const entry: FeedbackSeed = {
      id: f.id,
      type: f.type,
      feedback: f.feedback,
      user_id: f.user_id,
      source: extra.source ?? null,
      widget_id: extra.widget_id ?? null,
      created_at: f.created_at,
      updated_at: f.updated_at,
    };
    ctx.journal.append(PART.feedback, entry);
    kit.tick();
  }
  s.feedback_done = true;
  kit.checkpoint(true);
}
