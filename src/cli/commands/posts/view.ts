import { defineCommand } from '../../framework/define-command.js';
import { openInBrowser, webFlag } from '../../open-in-browser.js';
import { portalEditorType } from '../../portal-editor.js';
import { postPage } from './post-page.js';

/**
 * One post as a page for people (D-POST-SHOW, D-TEXT-VIEW): programs get the record, and with
 * --comments the record with its `comments` (the flat list, as `fp comments list` gives it).
 */
export default defineCommand<{ key: string; comments?: boolean; web?: boolean }>({
  name: 'view',
  endpoint: 'posts.get',
  description: 'Show one post: title, status, categories, votes, author, description and comments',
  args: [{ name: 'key', description: 'post key (the short string id of the post)', field: 'key', complete: 'posts' }],
  flags: [
    { flags: '--comments', description: 'also show the comments, replies under their parents' },
    webFlag("the post's page"),
  ],
  examples: [
    'fp posts view 3zah2',
    'fp posts view 3zah2 --comments',
    'fp posts view 3zah2 --json --jq .status.name',
    'fp posts view 3zah2 --web',
  ],
  async run({ opts, f, client }) {
    const c = await client();
    if (opts.web) {
      const { data: post } = await c.call('posts.get', { params: { key: opts.key } });
      return openInBrowser(f, post.url, `post ${opts.key}`);
    }
    const [{ data: post }, comments] = await Promise.all([
      c.call('posts.get', { params: { key: opts.key } }),
      opts.comments ? c.call('comments.list', { params: { key: opts.key } }) : undefined,
    ]);
    return {
      page: async () => postPage(post, await portalEditorType(f), comments?.data),
      data: comments ? { ...post, comments: comments.data } : post,
    };
  },
});
