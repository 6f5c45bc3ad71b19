import path from 'node:path';
import { encodeQuery } from '../../client/api-client.js';
import { saveToFile, slugFromDisposition } from '../../client/kb-download.js';
import { buildPath, endpoints } from '../../contract/endpoints.js';
import { has, type CrawlContext, type StepKit } from './crawl-state.js';
import { listPosts, postLine } from './crawl-posts.js';
import { PART, type KbTabState, type PostLine } from './records.js';

/** Each knowledge-base tab asked for with --kb-tab. */
export async function readKnowledgeBase(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'kb')) return;
  for (const tabId of s.options.kb_tabs) await crawlKbTab(ctx, tabId, kit);
}

/** The export gives sections and articles (all of them, whatever their moderation); the tab's list gives the approved articles' details. */
async function crawlKbTab(ctx: CrawlContext, tabId: number, { checkpoint, tick }: StepKit): Promise<void> {
  const s = ctx.journal.state;
  const zipPath = path.join(ctx.dir, `kb-tab-${tabId}.zip`);
  if (s.kb[tabId]?.done) return;
  ctx.progress.step(`knowledge base tab ${tabId}`);
  if (!s.kb[tabId]) {
    const endpoint = endpoints['knowledgebase.export'];
    const res = await ctx.client.send(endpoint.method, buildPath(endpoint.path) + encodeQuery({ tab_id: tabId }), {
      headers: { accept: 'application/zip, application/json' },
    });
    const slug = slugFromDisposition(String(res.headers['content-disposition'] ?? ''));
    await saveToFile(res.body, zipPath);
    const archive = await readKbArchive(zipPath, tabId);
    s.kb[tabId] = {
      id: tabId,
      slug: slug ?? `tab-${tabId}`,
      description: archive.description,
      sections: archive.sections,
      listed: 0,
      done: false,
      unlisted: [],
    };
    checkpoint(true);
  }
  const tab = s.kb[tabId];
  const { articles } = await readKbArchive(zipPath, tabId);
  const cursor = { skip: tab.listed, total: null as number | null };
  await listPosts(
    ctx,
    { tab: tab.slug },
    cursor,
    (post) => {
      const line = postLine(ctx, post, tabId);
      const article = articles.get(post.id);
      if (article)
        Object.assign(line.post, {
          slug: article.slug,
          sort_order: article.sort_order ?? undefined,
          section_id: article.section_id,
        });
      ctx.journal.append(PART.posts, line);
      tab.listed = cursor.skip;
      tick();
    },
    (force) => {
      tab.listed = cursor.skip;
      checkpoint(force);
    },
  );
  const listed = new Set<string>();
  for await (const { record } of ctx.journal.read<PostLine>(PART.posts))
    if (record.post.tab_id === tabId) listed.add(record.post.key);
  tab.unlisted = [...articles.values()].filter((a) => !listed.has(a.key));
  tab.done = true;
  checkpoint(true);
}

type KbArticleInfo = KbTabState['unlisted'][number];

async function readKbArchive(zipPath: string, tabId: number) {
  const { readArchive } = await import('../../kb-archive/read-archive.js');
  const parsed = await readArchive(zipPath);
  const sectionIds = new Map<string, number>();
  for (const sec of parsed.sections) if (sec.id !== null) sectionIds.set(sec.path, sec.id);
  const sections = parsed.sections.flatMap((sec) =>
    sec.id === null
      ? []
      : [
          {
            id: sec.id,
            tab_id: tabId,
            slug: path.posix.basename(sec.path),
            name: sec.name,
            parent_id: sec.parentPath === null ? null : (sectionIds.get(sec.parentPath) ?? null),
            description: sec.description,
            ...(sec.sort_order === null ? {} : { sort_order: sec.sort_order }),
          },
        ],
  );
  const articles = new Map<string, KbArticleInfo>();
  for (const a of parsed.articles) {
    if (a.id === null) continue;
    articles.set(a.id, {
      key: a.id,
      title: a.title,
      body: a.body,
      section_id: a.sectionPath === null ? null : (sectionIds.get(a.sectionPath) ?? null),
      slug: path.posix.basename(a.path).replace(/\.md$/i, ''),
      sort_order: a.sort_order,
    });
  }
  return { description: parsed.rootDescription ?? '', sections, articles };
}
