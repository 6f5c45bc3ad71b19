import { defineCommand } from '../../framework/define-command.js';
import { setPublished } from './set-published.js';

export default defineCommand<{ key: string }>({
  name: 'unpublish',
  endpoint: 'posts.togglePublish',
  description: 'Unpublish a post (kept from the public portal; the API still lists it)',
  args: [{ name: 'key', description: 'post key', field: 'key', complete: 'posts' }],
  examples: ['fp posts unpublish 3zah2', 'fp posts unpublish 3zah2 --json'],
  async run({ opts, client }) {
    const { data, changed } = await setPublished(await client(), opts.key, false);
    return { done: changed ? 'Post unpublished.' : 'Post was already unpublished.', data };
  },
});
