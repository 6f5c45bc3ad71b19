import { defineCommand } from '../../framework/define-command.js';
import { setPublished } from './set-published.js';

export default defineCommand<{ key: string }>({
  name: 'publish',
  endpoint: 'posts.togglePublish',
  description: 'Publish a post (shown on the public portal again)',
  args: [{ name: 'key', description: 'post key', field: 'key', complete: 'posts' }],
  examples: ['fp posts publish 3zah2', 'fp posts publish 3zah2 --json'],
  async run({ opts, client }) {
    const { data, changed } = await setPublished(await client(), opts.key, true);
    return { done: changed ? 'Post published.' : 'Post was already published.', data };
  },
});
