import type { PostListQuery } from '../../../contract/schemas/post.js';
import { defineCommand } from '../../framework/define-command.js';
import { minimalPostColumns, postColumns } from './columns.js';
import { postFilterFlags, splitFormat, type PostFilters } from './filters.js';
import { emptyHint, pageFooter } from './hints.js';
import { resolvePostFilters } from './resolve-filters.js';

export default defineCommand<PostFilters>({
  name: 'list',
  endpoint: 'posts.list',
  description: 'List posts with filters and ordering, one page or --all',
  flags: postFilterFlags,
  paginate: true,
  // Not the statuses of the page shown: completion offers every status (the list, or a --status lookup) or none.
  keepsNames: ['posts', 'users'],
  examples: [
    'fp posts list --status "Under review" --order-by votes_count --order desc',
    'fp posts list --tab feedback --category Integrations --limit 50',
    'fp posts list --tab Roadmap --tag performance',
    'fp posts list --all --fields id,title,votes_count --jq ".[] | select(.votes_count > 100) | .title"',
    'fp posts list --format minimal --all --json',
  ],
  help: `--format takes one value for two things: full or minimal selects the API's post format,
table, json, ndjson or csv the output format. Without --all one page is shown (10 posts unless
--limit says otherwise); on a terminal a footer on stderr tells how to get more.`,
  async run({ opts, f, fields, client, all, useFormat, keepNames, status }) {
    // The root program takes --format when it comes after the command words too.
    const format = splitFormat(opts.format ?? f.globals().format);
    useFormat(format.output);
    const c = await client();
    const { query, asTyped } = await resolvePostFilters(
      c,
      opts,
      { ...fields, format: format.api } as PostListQuery,
      keepNames,
      status,
    );
    const columns = format.api === 'minimal' ? minimalPostColumns : postColumns;
    if (opts.all) return { list: all(query), columns, empty: 'No posts.', hint: emptyHint(asTyped) };
    const page = await c.call('posts.list', { query });
    return { list: page.data, columns, empty: 'No posts.', hint: emptyHint(asTyped), footer: () => pageFooter(page) };
  },
});
