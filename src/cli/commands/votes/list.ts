import type { UserVote } from '../../../contract/schemas/vote.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';

const columns: Column<UserVote>[] = [
  { header: 'ID', value: (v) => v.id },
  { header: 'VOTER', field: 'voter', value: (v) => v.voter.name, max: 30 },
  { header: 'EMAIL', field: 'voter', value: (v) => v.voter.email, max: 40 },
  { header: 'CREATED', field: 'created_at', value: (v) => v.created_at, date: true },
];

/** The users' votes on a post (D-USER-VOTE-LIST); anonymous votes are counted by the post, not listed. */
export default defineCommand<{ key: string }>({
  name: 'list',
  endpoint: 'votes.list',
  args: [{ name: 'key', description: 'post key', field: 'key', complete: 'posts' }],
  columns,
  examples: ['fp votes list 3zah2', 'fp votes list 3zah2 --jq ".[].voter.email"'],
  async run({ opts, client }) {
    const { data } = await (await client()).call('votes.list', { params: { key: opts.key } });
    return { list: data, empty: 'No user votes (anonymous votes are not listed).' };
  },
});
