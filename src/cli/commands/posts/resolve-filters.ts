import type { ApiClient } from '../../../client/api-client.js';
import type { PostListQuery } from '../../../contract/schemas/post.js';
import type { KeepNames } from '../../framework/flags.js';
import type { Say } from '../../resolve/listed.js';
import { resolveCategory } from '../../resolve/category.js';
import { resolveSection } from '../../resolve/section.js';
import { resolveStatuses } from '../../resolve/status.js';
import { resolveTab } from '../../resolve/tab.js';
import { resolveTags } from '../../resolve/tag.js';
import type { PostFilters } from './filters.js';

/** Which of --tag and --tab went out as typed, because the portal lists no tags or tabs. */
export interface SentAsTyped {
  tag: boolean;
  tab: boolean;
}

/** The filters typed as names (tab, section, category, status, tag) as the ids and slugs the API takes. */
export async function resolvePostFilters(
  client: ApiClient,
  opts: PostFilters,
  query: PostListQuery,
  keep?: KeepNames,
  say?: Say,
): Promise<{ query: PostListQuery; asTyped: SentAsTyped }> {
  const [tab, section, category, status, tags] = await Promise.all([
    opts.tab !== undefined ? resolveTab(client, opts.tab, keep, say) : undefined,
    opts.section !== undefined ? resolveSection(client, opts.section, say) : undefined,
    opts.category !== undefined ? resolveCategory(client, opts.category) : undefined,
    opts.status?.length ? resolveStatuses(client, opts.status, say, keep) : undefined,
    opts.tag?.length ? resolveTags(client, opts.tag, say) : undefined,
  ]);
  return {
    query: {
      ...query,
      ...(tab !== undefined && { tab: tab.slug }),
      ...(section !== undefined && { section }),
      ...(category && { category: category.id ?? undefined }),
      ...(status && { status }),
      ...(tags && { tag_id: tags.ids }),
    },
    asTyped: { tag: tags?.asTyped ?? false, tab: tab?.asTyped ?? false },
  };
}
