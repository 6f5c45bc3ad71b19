import type { PostDuplicate, PostDuplicatesQuery } from '../../../contract/schemas/post-search.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import { onlyOne, readTextFile } from '../../read-text.js';

const columns: Column<PostDuplicate>[] = [
  { header: 'KEY', field: 'id', value: (p) => p.id },
  { header: 'SCORE', field: 'score', value: (p) => p.score.toFixed(2) },
  { header: 'TITLE', value: (p) => p.title, max: 48 },
  { header: 'STATUS', value: (p) => p.status?.name ?? '' },
  { header: 'VOTES', field: 'votes_count', value: (p) => p.votes_count },
];

interface DuplicateFlags {
  title: string;
  description?: string;
  descriptionFile?: string;
  tab?: string;
  limit?: string;
}

export default defineCommand<DuplicateFlags>({
  name: 'duplicates',
  endpoint: 'posts.duplicates',
  description: 'List likely duplicates of a post before filing it, with a score',
  flags: [
    { flags: '--title <text>', description: 'the proposed title (3-255 characters)', field: 'title', required: true },
    { flags: '--description <text>', description: 'the proposed description (at most 2,000 characters)' },
    { flags: '--description-file <path>', description: 'read the description from a file, - for stdin' },
    { flags: '--tab <slug|id>', description: 'only posts of this tab', field: 'tab', complete: 'tabs' },
    { flags: '--limit <n>', description: 'at most this many posts (1-20, default 5)', field: 'limit' },
  ],
  columns,
  keepsNames: ['posts'],
  examples: [
    'fp posts duplicates --title "Export charts to PDF"',
    'fp posts duplicates --title "Dark theme" --description "The dashboards are too bright at night" --json',
  ],
  help: `The score (0-1) weighs the words the titles share most, then the proposed title's words found
anywhere in the post and, with a description, the words of both texts (assumed operation,
D-POST-DUPLICATES). Posts scoring 0.35 or more are listed, best first: vote on or comment a
listed post rather than filing the same request again.`,
  async run({ opts, fields, client, f }) {
    onlyOne([
      opts.description !== undefined && '--description',
      opts.descriptionFile !== undefined && '--description-file',
    ]);
    const description =
      opts.descriptionFile === undefined
        ? opts.description
        : await readTextFile(f.io, opts.descriptionFile, '--description-file');
    const query = { ...fields, ...(description !== undefined && { description }) } as PostDuplicatesQuery;
    const { data } = await (await client()).call('posts.duplicates', { query });
    return { list: data.posts, empty: 'No likely duplicates.' };
  },
});
