import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import { bulkFlags, bulkPostsRun, isBulk, keyArg, singleKey, type BulkPostOptions } from './bulk-run.js';
import { setPublished } from './set-published.js';

/** `publish` and `unpublish`: one post, or many through the shared bulk run. */
export function publishCommand(spec: { published: boolean; description: string; examples: string[] }): CommandDef {
  const verb = spec.published ? 'publish' : 'unpublish';
  return defineCommand<BulkPostOptions>({
    name: verb,
    endpoint: 'posts.togglePublish',
    description: spec.description,
    args: [keyArg],
    flags: bulkFlags(true),
    examples: spec.examples,
    help: `Many posts: KEY - reads post keys from stdin (one a line, or the --json output of \`fp posts list\`), or
--where KEY=VALUE selects them with the filters of \`fp posts list\` (shown, then confirmed; --yes without a
terminal). The API offers a toggle only, so a post already ${verb}ed is toggled back (outcome unchanged).
--journal FILE records each post's published flag before and after, for \`fp posts undo\`.`,
    async run(ctx) {
      if (isBulk(ctx.opts)) return bulkPostsRun(ctx, { kind: 'publish', published: spec.published }, true);
      const key = singleKey(ctx.opts, verb);
      const { data, changed } = await setPublished(await ctx.client(), key, spec.published);
      return { done: changed ? `Post ${verb}ed.` : `Post was already ${verb}ed.`, data };
    },
  });
}
