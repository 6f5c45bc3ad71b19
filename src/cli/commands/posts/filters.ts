import { PLATFORMS, POST_ORDER_BY } from '../../../contract/schemas/post.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec } from '../../framework/flags.js';
import { OUTPUT_FORMATS } from '../../output/format.js';

export const API_FORMATS = ['full', 'minimal'] as const;

export interface PostFilters {
  tab?: string;
  category?: string;
  section?: string;
  status?: string[];
  tag?: string[];
  limit?: string;
  skip?: string;
  all?: boolean;
  format?: string;
}

/** The filters of `fp posts list`; each fills a field of the posts.list query and is checked by its schema. */
export const postFilterFlags: FlagSpec[] = [
  { flags: '--tab <slug|name>', description: 'board (tab) slug or name', field: 'tab', complete: 'tabs' },
  { flags: '--category <id|name>', description: 'category id or unique name', complete: 'categories' },
  {
    flags: '--section <id|slug|name>',
    description: 'section id, slug or name',
    field: 'section',
    complete: 'sections',
  },
  {
    flags: '--status <id|name>',
    description: 'status id or name (repeatable, or comma-separated)',
    many: true,
    complete: 'statuses',
  },
  {
    flags: '--tag <id|name>',
    description: 'tag id or name (repeatable, or comma-separated)',
    many: true,
    complete: 'tags',
  },
  { flags: '--platform <platform>', description: 'platform filter', field: 'platform', choices: PLATFORMS },
  { flags: '--version <version>', description: 'version filter', field: 'version' },
  { flags: '--release <release>', description: 'release filter', field: 'release' },
  { flags: '--saved-query <id>', description: 'use a saved query', field: 'saved_query_id' },
  {
    flags: '--order-by <field>',
    description: 'field to order by, or cf_<custom field id>',
    field: 'order_by',
    complete: POST_ORDER_BY,
    expected: `one of ${POST_ORDER_BY.join(', ')}, or cf_<custom field id>`,
  },
  { flags: '--order <direction>', description: 'order direction', field: 'order_direction', choices: ['asc', 'desc'] },
  {
    flags: '--limit <n>',
    description: 'posts per page, 1-100 (default 10; 100 per request with --all)',
    field: 'limit',
  },
  { flags: '--skip <n>', description: 'posts to skip first (default 0)', field: 'skip' },
  {
    flags: '--format <format>',
    description: 'full|minimal (API post format) or table|json|ndjson|csv (output)',
    choices: [...API_FORMATS, ...OUTPUT_FORMATS],
  },
];

/** `--format` is shared with the root's output format: full and minimal go to the API, the rest to the output. */
export function splitFormat(value: string | undefined): { api?: (typeof API_FORMATS)[number]; output?: string } {
  if (value === undefined) return {};
  if ((API_FORMATS as readonly string[]).includes(value)) return { api: value as (typeof API_FORMATS)[number] };
  if ((OUTPUT_FORMATS as readonly string[]).includes(value)) return { output: value };
  throw new UsageError(
    `invalid --format "${value}": expected full or minimal (posts), or ${OUTPUT_FORMATS.join(', ')} (output)`,
  );
}
