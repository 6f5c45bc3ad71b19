import type { PostUpdateBody } from '../../../contract/schemas/post.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { portalEditorType } from '../../portal-editor.js';
import { checkEditorTextOptions, portalText } from '../../portal-text.js';
import type { FieldChange } from './bulk-changes.js';
import { bulkFlags, bulkPostsRun, isBulk, keyArg, singleKey, type BulkPostOptions } from './bulk-run.js';
import { postFlags, readDescription, type PostFlags } from './post-flags.js';
import { postPage } from './post-page.js';

type UpdateOptions = PostFlags & BulkPostOptions & { tag?: string; untag?: string };

/** A post's tags are neither shown nor set by any operation the evidence knows (D-BULK-TAGS). */
const tagFlags = ['--tag', '--untag'].map((flag) => ({
  flags: `${flag} <id|name>`,
  description: "refused: the API neither shows nor sets a post's tags (D-BULK-TAGS)",
}));

/** Only the fields given are sent (PATCH, D-POST-UPDATE); a new status moves the post to its board. */
export default defineCommand<UpdateOptions>({
  name: 'update',
  endpoint: 'posts.update',
  description: 'Change the title, description, category or status of a post, or the status or category of many',
  args: [keyArg],
  flags: [...postFlags, ...tagFlags, ...bulkFlags(true)],
  needsOneOf: [
    '--title',
    '--description',
    '--description-file',
    '--body-file',
    '--category',
    '--status',
    '--tag',
    '--untag',
  ],
  examples: [
    'fp posts update 3zah2 --status Planned',
    'fp posts update 3zah2 --category Integrations --title "Slack alerts per channel"',
    'fp posts update 3zah2 --description-file - < description.md',
    'fp posts list --status "Under review" --json | fp posts update - --status Planned --journal planned.ndjson',
    'fp posts update --where "status=Under review" --where category=Dashboards --status Planned --yes',
  ],
  help: `Many posts: KEY - reads post keys from stdin (one a line, or the --json output of \`fp posts list\`), or
--where KEY=VALUE selects them with the filters of \`fp posts list\` (shown, then confirmed; --yes without a
terminal). Only --status and --category apply to many posts. Each post is read, then sent only what differs
(outcome changed, or unchanged when it is so already); 429 and 503 answers are retried, Ctrl-C stops new requests
("not tried N"), and the run exits 1 when any post failed. --journal FILE appends each post's values before and
after, for \`fp posts undo --journal FILE\`. --dry-run reads the posts and says what would change.`,
  async run(ctx) {
    const { opts, fields, f, client } = ctx;
    if (opts.tag !== undefined || opts.untag !== undefined)
      throw new UsageError(
        `--${opts.tag !== undefined ? 'tag' : 'untag'} is refused: the API neither shows nor sets a post's tags (D-BULK-TAGS); use the portal's own page`,
      );
    if (isBulk(opts)) {
      const other = ['title', 'description', 'descriptionFile', 'bodyFile'].find(
        (k) => opts[k as keyof UpdateOptions] !== undefined,
      );
      if (other)
        throw new UsageError(
          `only --status and --category apply to many posts (--${other.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is one post's)`,
        );
      const change: FieldChange = {};
      if (fields.status_id !== undefined) change.status_id = fields.status_id as number;
      if (fields.category_id !== undefined) change.category_id = fields.category_id as number;
      return bulkPostsRun(ctx, { kind: 'update', change }, true);
    }
    const key = singleKey(opts, 'update');
    checkEditorTextOptions(opts);
    const written = await readDescription(f.io, opts);
    const description = written === undefined ? undefined : await portalText(f, 'posts.update', written, opts);
    const { key: _key, ...rest } = fields;
    const body = { ...rest, ...(description !== undefined && { description }) } as PostUpdateBody;
    const { data } = await (await client()).call('posts.update', { params: { key }, body });
    return { page: async () => postPage(data, await portalEditorType(f)), data };
  },
});
