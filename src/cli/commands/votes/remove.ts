import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { addVoterOptions, type VoteOptions } from './add.js';
import { resolveAnonymousId } from './anonymous-id.js';

export async function removeRun(opts: VoteOptions, f: Factory): Promise<void> {
  const anonymousId = resolveAnonymousId(opts);
  const client = await f.client();
  const res = await client.call('votes.removeAnonymous', { params: { key: opts.post, anonymous_id: anonymousId } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(`Removed the vote of anonymous ${anonymousId} from ${opts.post}.`);
}

export function register(parent: Command, f: Factory): void {
  addVoterOptions(
    withExamples(
      parent.command('remove').description("Revoke an anonymous user's vote on a post").argument('<post>', 'post key'),
      ['fp votes remove dark1 --anonymous 5f4dcc3b5aa765d61d8327deb882cf99', 'fp votes remove dark1 --anonymous-from jane@example.com'],
    ),
  ).action((post: string, o: Omit<VoteOptions, 'post'>) => removeRun({ post, ...o }, f));
}
