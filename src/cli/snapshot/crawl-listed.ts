import { ApiError } from '../../client/errors.js';
import { offsetPages } from '../../client/paginate.js';
import type { ApiClient } from '../../client/api-client.js';
import { notOffered, sectionTree } from '../resolve/listed.js';
import type { CrawlContext, ListedState, StepKit } from './crawl-state.js';
import type { ProductVisionSeed, TabSeed } from './records.js';

const TAB_TYPES = ['board', 'roadmap', 'changelog', 'knowledge_base'] as const;

/** `work()`'s answer, or null where the portal does not offer the operation (404 with a route message). */
async function offered<T>(s: ListedState, what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    if (!notOffered(err)) throw err;
    s.not_offered.push(what);
    return null;
  }
}

/**
 * Statuses, tags, tabs, sections and users through their list operations, where the portal
 * offers them: the copy then has them as they are instead of as reconstructed from the posts.
 */
export async function readListed(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const state = ctx.journal.state;
  if (state.listed) return;
  ctx.progress.step('statuses, tags, tabs, sections, users, widgets, vision');
  const c = ctx.client;
  const s: ListedState = { statuses: null, tags: null, tabs: null, sections: null, users: false, not_offered: [] };
  s.statuses = await offered(s, 'statuses', async () =>
    (await c.call('statuses.list', {})).data.map((st) => ({
      id: st.id,
      name: st.name,
      color: st.color,
      tab_id: st.tab_id,
    })),
  );
  s.tags = await offered(s, 'tags', async () =>
    (await c.call('tags.list', {})).data.map((t) => ({ id: t.id, name: t.name })),
  );
  s.tabs = await offered(s, 'tabs', async () =>
    (await c.call('tabs.list', {})).data.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      type: (TAB_TYPES as readonly string[]).includes(t.type) ? (t.type as TabSeed['type']) : 'board',
      description: t.description,
    })),
  );
  s.sections = await offered(s, 'sections', async () =>
    (await sectionTree(c)).map((sec) => ({
      id: sec.id,
      tab_id: sec.tab_id,
      slug: sec.slug,
      name: sec.title || sec.slug,
      parent_id: sec.parent_id,
      description: sec.description,
      sort_order: sec.sort_order,
    })),
  );
  const users = await offered(s, 'users', async () => {
    let n = 0;
    for await (const page of offsetPages((skip) => c.call('users.list', { query: { skip, limit: 100 } }))) {
      for (const u of page) ctx.users.see(u);
      n += page.length;
      kit.tick(page.length);
    }
    return n;
  });
  s.users = users !== null;
  s.widgets = await offered(s, 'widgets', async () =>
    (await c.call('widgets.list', {})).data.map((w) => ({
      id: w.id,
      name: w.name,
      type: w.type,
      tab_id: w.tab_id,
      created_at: w.created_at,
      updated_at: w.updated_at,
    })),
  );
  s.vision = await offered(s, 'product vision', () => readVision(c));
  state.listed = s;
  kit.checkpoint(true);
}

/** The portal's product vision, or null when it has none (404 naming the model, D-PRODUCT-VISION). */
async function readVision(c: ApiClient): Promise<ProductVisionSeed | null> {
  try {
    const { data } = await c.call('vision.get', {});
    return {
      id: data.id,
      title: data.title,
      content: data.content,
      created_at: data.created_at,
      updated_at: data.updated_at,
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && /^No query results for model/.test(err.message)) return null;
    throw err;
  }
}
