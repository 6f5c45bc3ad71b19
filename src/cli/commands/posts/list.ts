import { InvalidArgumentError, Option, type Command } from 'commander';
import { PLATFORMS, POST_ORDER_BY, type PostListQuery } from '../../../contract/schemas/post.js';
import { UsageError } from '../../errors.js';
import { createFactory, type Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { OUTPUT_FORMATS } from '../../output/format.js';
import type { Column } from '../../output/output.js';
import { parseInteger } from '../../parse.js';

export const API_FORMATS = ['full', 'minimal'] as const;
export type ApiFormat = (typeof API_FORMATS)[number];

export interface ListOptions {
  tab?: string;
  /** Category id or unique name. */
  category?: string;
  section?: string;
  status?: number[];
  tag?: string[];
  platform?: (typeof PLATFORMS)[number];
  version?: string;
  release?: string;
  savedQuery?: number;
  orderBy?: string;
  order?: 'asc' | 'desc';
  limit?: number;
  skip?: number;
  all?: boolean;
  /** The one --format value: full|minimal (API) or table|json|ndjson|csv (output). */
  format?: string;
}

/** `--format` is shared with the root's output format: full and minimal go to the API, the rest to the output. */
export function splitFormat(value: string | undefined): { api?: ApiFormat; output?: string } {
  if (value === undefined) return {};
  if ((API_FORMATS as readonly string[]).includes(value)) return { api: value as ApiFormat };
  if ((OUTPUT_FORMATS as readonly string[]).includes(value)) return { output: value };
  throw new UsageError(`invalid --format "${value}": expected full or minimal (posts), or ${OUTPUT_FORMATS.join(', ')} (output)`);
}

export function parseOrderBy(value: string): string {
  if ((POST_ORDER_BY as readonly string[]).includes(value) || /^cf_\d+$/.test(value)) return value;
  throw new InvalidArgumentError(`expected one of ${POST_ORDER_BY.join(', ')}, or cf_<custom field id>`);
}

export function parseLimit(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100) throw new InvalidArgumentError('expected an integer from 1 to 100');
  return Number(value);
}

export function parseSkip(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected an integer of 0 or more');
  return Number(value);
}

/** `--status 1 --status 2` or `--status 1,2`. */
export function collectIntegers(value: string, previous: number[] = []): number[] {
  return [...previous, ...value.split(',').map((v) => parseInteger(v.trim()))];
}

export function collectStrings(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];
}

export async function listRun(opts: ListOptions, f: Factory): Promise<void> {
  const format = splitFormat(opts.format);
  const client = await f.client();
  let category: number | undefined;
  if (opts.category !== undefined) {
    if (/^\d+$/.test(opts.category)) category = Number(opts.category);
    else {
      const { resolveCategory } = await import('../../resolve/category.js');
      category = (await resolveCategory(client, opts.category)).id ?? undefined;
    }
  }
  const query: PostListQuery = {
    tab: opts.tab,
    category,
    section: opts.section,
    status: opts.status?.length ? opts.status : undefined,
    tag_id: opts.tag?.length ? opts.tag : undefined,
    platform: opts.platform,
    version: opts.version,
    release: opts.release,
    saved_query_id: opts.savedQuery,
    order_by: opts.orderBy,
    order_direction: opts.order,
    limit: opts.limit,
    skip: opts.skip,
    format: format.api,
  };
  for (const k of Object.keys(query) as Array<keyof PostListQuery>) if (query[k] === undefined) delete query[k];

  // The output format without full/minimal, which the root program would refuse.
  const out = await createFactory(f.io, f.version, () => ({ ...f.globals(), format: format.output })).output();
  const { minimalPostColumns, postColumns } = await import('./columns.js');
  const columns = (format.api === 'minimal' ? minimalPostColumns : postColumns) as Column<unknown>[];

  if (opts.all) {
    const { allPosts } = await import('../../../client/paginate.js');
    await out.list(allPosts(client, query, opts.limit ?? 100), columns, { empty: 'No posts.' });
    return;
  }
  const page = await client.call('posts.list', { query });
  const shown = await out.list(page.data, columns, { empty: 'No posts.' });
  if (out.format === 'table' && shown > 0) {
    const next = page.skip + page.data.length;
    const more = page.hasMore ? ` (use --all or --skip ${next} for more)` : '';
    f.status(`Showing ${page.skip + 1}-${next} of ${page.total}${more}`);
  }
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('list')
      .description('List posts with filters and ordering, one page or --all')
      .addHelpText(
        'after',
        `
--format takes one value for two things: full or minimal selects the API's post format,
table, json, ndjson or csv the output format. To combine them use --json, e.g.
\`fp posts list --format minimal --json\`. Without --all one page is shown (10 posts unless
--limit says otherwise); on a terminal a footer on stderr tells how to get more.`,
      ),
    [
      'fp posts list --status 2 --order-by votes_count --order desc',
      'fp posts list --tab feedback --category Integrations --limit 50',
      'fp posts list --all --json | jq length',
      'fp posts list --format minimal --all --json',
    ],
  )
    .option('--tab <slug>', 'board (tab) slug')
    .option('--category <id|name>', 'category id or unique name')
    .option('--section <id|slug>', 'section id or slug')
    .option('--status <id>', 'status id (repeatable, or comma-separated)', collectIntegers)
    .option('--tag <id>', 'tag id (repeatable, or comma-separated)', collectStrings)
    .addOption(new Option('--platform <platform>', 'platform filter').choices(PLATFORMS))
    .option('--version <version>', 'version filter')
    .option('--release <release>', 'release filter')
    .option('--saved-query <id>', 'use a saved query', parseInteger)
    .addOption(
      new Option('--order-by <field>', 'field to order by, or cf_<custom field id>').choices(POST_ORDER_BY).argParser(parseOrderBy),
    )
    .addOption(new Option('--order <direction>', 'order direction').choices(['asc', 'desc']))
    .option('--limit <n>', 'posts per page, 1-100 (default 10; 100 per request with --all)', parseLimit)
    .option('--skip <n>', 'posts to skip first (default 0)', parseSkip)
    .option('--all', 'every matching post, fetched page by page and streamed')
    .addOption(
      new Option('--format <format>', 'full|minimal (API post format) or table|json|ndjson|csv (output)').choices([...API_FORMATS, ...OUTPUT_FORMATS]),
    )
    .action((o: Omit<ListOptions, 'format'> & { format?: string }) => listRun({ ...o, format: o.format ?? f.globals().format }, f));
}
