import { allPending, allRejected } from '../../client/paginate.js';
import type { ModerationItem } from '../../contract/schemas/moderation.js';
import { has, type CrawlContext, type CrawlState, type StepKit } from './crawl-state.js';
import { PART, type KbTabState, type ModeratedCommentLine, type PostLine } from './records.js';

/**
 * Both moderation queues, in one step: a resumed crawl reads them again from the start of the
 * step. Knowledge-base articles that neither the tab's list nor a queue showed are kept too.
 */
export async function readModerationQueues(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (has(s, 'moderation') && !s.moderation_done) {
    ctx.progress.step('moderation queues');
    const consumed = new Set<string>();
    for (const list of [allPending, allRejected]) {
      for await (const item of list(ctx.client)) {
        recordModerationItem(ctx, item, consumed);
        kit.tick();
      }
    }
    writeUnlistedArticles(ctx, consumed);
    s.moderation_done = true;
    kit.checkpoint(true);
  } else if (Object.values(s.kb).some((t) => t.unlisted.length > 0)) {
    writeUnlistedArticles(ctx, new Set());
    kit.checkpoint(true);
  }
}

function recordModerationItem(ctx: CrawlContext, item: ModerationItem, consumed: Set<string>): void {
  ctx.users.see(item.author);
  if (item.type === 'comment') {
    const line: ModeratedCommentLine = {
      id: item.id,
      post_key: item.post.id,
      moderated_by: item.moderated_by,
      moderated_at: item.moderated_at,
    };
    ctx.journal.append(PART.moderatedComments, line);
    return;
  }
  const article = findUnlisted(ctx.journal.state, item.id);
  if (!has(ctx.journal.state, 'posts') && !article) return;
  const line: PostLine = {
    post: {
      key: item.id,
      database_id: item.database_id,
      title: item.title,
      // The queues show an excerpt only; an article's full body comes from its export.
      description: article?.article.body ?? item.excerpt,
      author_id: item.author.id,
      tab_id: article?.tab ?? null,
      section_id: article?.article.section_id ?? null,
      moderation_status: item.moderation_status,
      created_at: item.created_at,
      moderated_by: item.moderated_by,
      moderated_at: item.moderated_at,
      ...(article
        ? {
            slug: article.article.slug,
            ...(article.article.sort_order === null ? {} : { sort_order: article.article.sort_order }),
          }
        : {}),
    },
    comments_count: null,
  };
  if (article) consumed.add(item.id);
  ctx.journal.append(PART.posts, line);
}

function findUnlisted(
  s: CrawlState,
  key: string,
): { tab: number; article: KbTabState['unlisted'][number] } | undefined {
  for (const tab of Object.values(s.kb)) {
    const article = tab.unlisted.find((a) => a.key === key);
    if (article) return { tab: tab.id, article };
  }
  return undefined;
}

/** Articles that neither the tab's list nor a moderation queue showed: kept, with what the export tells. */
function writeUnlistedArticles(ctx: CrawlContext, consumed: Set<string>): void {
  const s = ctx.journal.state;
  for (const tab of Object.values(s.kb)) {
    for (const a of tab.unlisted) {
      if (consumed.has(a.key)) continue;
      ctx.users.see({ id: UNKNOWN_AUTHOR, name: 'Unknown author' });
      ctx.journal.append(PART.posts, {
        post: {
          key: a.key,
          title: a.title,
          description: a.body,
          author_id: UNKNOWN_AUTHOR,
          tab_id: tab.id,
          section_id: a.section_id,
          slug: a.slug,
          ...(a.sort_order === null ? {} : { sort_order: a.sort_order }),
        },
        comments_count: null,
      } satisfies PostLine);
    }
    tab.unlisted = [];
  }
}

/** The author given to articles whose author no answer names. */
const UNKNOWN_AUTHOR = '00000000-0000-4000-8000-000000000000';
