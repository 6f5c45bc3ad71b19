import type { PostSearchQuery } from '../../../contract/schemas/post-search.js';
import { defineCommand } from '../../framework/define-command.js';
import { postColumns } from './columns.js';

export default defineCommand<{ words: string; tab?: string; limit?: string }>({
  name: 'search',
  endpoint: 'posts.search',
  description: 'Search posts by the words in their title and description',
  args: [{ name: 'words', description: 'the words to find (2-255 characters), all of them', field: 'search' }],
  flags: [
    { flags: '--tab <slug|id>', description: 'only posts of this tab', field: 'tab', complete: 'tabs' },
    { flags: '--limit <n>', description: 'at most this many posts (1-100, default 10)', field: 'limit' },
  ],
  columns: postColumns,
  keepsNames: ['posts'],
  examples: ['fp posts search "export pdf"', 'fp posts search csv --tab feedback --limit 3 --fields id,title'],
  help: 'Every word must be in the title or the description, without regard to case or accents; posts with more of the words in the title come first, then the most voted (assumed operation, D-POST-SEARCH).',
  async run({ fields, client }) {
    const { data } = await (await client()).call('posts.search', { query: fields as PostSearchQuery });
    return { list: data, empty: 'No posts match.' };
  },
});
