import type { ApiClient } from '../../../client/api-client.js';
import { allPosts } from '../../../client/paginate.js';
import { endpoints } from '../../../contract/endpoints.js';
import type { PostListQuery } from '../../../contract/schemas/post.js';
import { UsageError } from '../../errors.js';
import { checkField, fieldSchema, flagAttribute, flagName, type FlagSpec } from '../../framework/flags.js';
import type { Say } from '../../resolve/listed.js';
import { postFilterFlags, type PostFilters } from './filters.js';
import { resolvePostFilters } from './resolve-filters.js';

/** What `--where` does not take: they shape a page of the list, not which posts match. */
const NOT_FILTERS = new Set(['--limit', '--skip', '--order-by', '--order', '--format']);

/** The filters of `fp posts list`, by the name `--where` gives them (`status` for `--status`). */
const WHERE_FLAGS = new Map(
  postFilterFlags.filter((fl) => !NOT_FILTERS.has(flagName(fl))).map((fl) => [flagName(fl).slice(2), fl]),
);

const WHERE_KEYS = [...WHERE_FLAGS.keys()];

/** `--where KEY=VALUE`, repeatable: the filters of `fp posts list` (D-BULK-WHERE). */
export const whereFlag: FlagSpec = {
  flags: '--where <filter>',
  description: `select the posts with a filter of \`fp posts list\` instead of keys, KEY=VALUE (repeatable; ${WHERE_KEYS.join(', ')})`,
  parse: (value: string, previous: unknown) => [...((previous as string[] | undefined) ?? []), value],
};

/**
 * `status=Planned`, `tag=bug,ux` as `fp posts list` reads `--status Planned --tag bug,ux`: the same
 * flag specs split and check each value, and the same resolution turns names into ids.
 */
function whereQuery(clauses: readonly string[]): { filters: PostFilters; query: PostListQuery } {
  const filters: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const clause of clauses) {
    const m = /^([a-z-]+)=(.*)$/s.exec(clause.trim());
    const fl = m ? WHERE_FLAGS.get(m[1]) : undefined;
    if (!m || !fl)
      throw new UsageError(`invalid --where "${clause}": expected KEY=VALUE with KEY one of ${WHERE_KEYS.join(', ')}`);
    const shown = `--where ${m[1]}`;
    const value = m[2].trim();
    if (!value) throw new UsageError(`invalid --where "${clause}": give a value after =`);
    const attr = flagAttribute(fl);
    if (fl.many) {
      const parts = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      filters[attr] = [...((filters[attr] as string[] | undefined) ?? []), ...parts];
    } else if (filters[attr] !== undefined || (fl.field && query[fl.field] !== undefined)) {
      throw new UsageError(`--where ${m[1]} is given twice: a post has one ${m[1]}`);
    } else if (fl.field) {
      const schema = fieldSchema(endpoints['posts.list'], fl.field);
      query[fl.field] = schema ? checkField(schema, value, fl.field, shown, fl.expected) : value;
    } else {
      filters[attr] = value;
    }
  }
  // Filters resolved by name (tab, category, section, status, tag) are the typed ones; the rest are query fields.
  for (const [field, value] of Object.entries(query))
    if (field === 'tab' || field === 'section') filters[field] = value;
  return { filters: filters as PostFilters, query: query as PostListQuery };
}

/** The keys and titles of the posts the filters select, read whole before anything changes. */
export async function postsWhere(
  client: ApiClient,
  clauses: readonly string[],
  say: Say,
): Promise<Array<{ key: string; title: string }>> {
  const { filters, query } = whereQuery(clauses);
  const resolved = await resolvePostFilters(client, filters, { ...query, format: 'minimal' }, undefined, say);
  const posts: Array<{ key: string; title: string }> = [];
  for await (const post of allPosts(client, resolved.query)) posts.push({ key: post.id, title: post.title });
  return posts;
}

/** How the selection is said before it is confirmed: the count, then up to ten posts. */
export function selectionLines(posts: ReadonlyArray<{ key: string; title: string }>, clauses: readonly string[]) {
  const shown = posts.slice(0, 10).map((p) => `  ${p.key}  ${p.title}`);
  const more = posts.length > 10 ? [`  … and ${posts.length - 10} more`] : [];
  const n = posts.length === 1 ? '1 post matches' : `${posts.length} posts match`;
  return [`${n} --where ${clauses.join(' --where ')}:`, ...shown, ...more];
}
