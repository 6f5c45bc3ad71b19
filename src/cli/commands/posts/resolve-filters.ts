import type { ApiClient } from '../../../client/api-client.js';
import type { PostListQuery } from '../../../contract/schemas/post.js';
import type { KeepNames } from '../../framework/flags.js';
import { resolveCategory } from '../../resolve/category.js';
import { resolveSection } from '../../resolve/section.js';
import { resolveStatuses } from '../../resolve/status.js';
import { resolveTab } from '../../resolve/tab.js';
import { resolveTags } from '../../resolve/tag.js';
import type { PostFilters } from './filters.js';

/** The filters typed as names (tab, section, category, status, tag) as the ids and slugs the API takes. */
export async function resolvePostFilters(client: ApiClient, opts: PostFilters, query: PostListQuery, keep?: KeepNames): Promise<PostListQuery> {
  const [tab, section, category, status, tags] = await Promise.all([
    opts.tab !== undefined ? resolveTab(client, opts.tab, keep) : undefined,
    opts.section !== undefined ? resolveSection(client, opts.section) : undefined,
    opts.category !== undefined ? resolveCategory(client, opts.category) : undefined,
    opts.status?.length ? resolveStatuses(client, opts.status) : undefined,
    opts.tag?.length ? resolveTags(client, opts.tag) : undefined,
  ]);
  return {
    ...query,
    ...(tab !== undefined && { tab }),
    ...(section !== undefined && { section }),
    ...(category && { category: category.id ?? undefined }),
    ...(status && { status }),
    ...(tags && { tag_id: tags }),
  };
}
