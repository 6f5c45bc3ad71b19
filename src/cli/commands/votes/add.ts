import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { resolveAnonymousId } from './anonymous-id.js';

export interface VoteOptions {
  post: string;
  anonymous?: string;
  anonymousFrom?: string;
}

export async function addRun(opts: VoteOptions, f: Factory): Promise<void> {
  const anonymousId = resolveAnonymousId(opts);
  const client = await f.client();
  const { data } = await client.call('votes.addAnonymous', { params: { key: opts.post, anonymous_id: anonymousId } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') await out.item(data, []);
  else f.status(`Voted for ${opts.post} as anonymous ${anonymousId}.`);
}

export function addVoterOptions(cmd: Command): Command {
  return cmd
    .option('--anonymous <id>', 'anonymous voter id (the widget uses an MD5 hex of the e-mail)')
    .option('--anonymous-from <email>', 'derive the anonymous id from an e-mail: MD5 hex of the trimmed, lower-cased address');
}

export function register(parent: Command, f: Factory): void {
  addVoterOptions(
    withExamples(
      parent.command('add').description('Vote for a post as an anonymous user (one vote per anonymous id)').argument('<post>', 'post key'),
      ['fp votes add dark1 --anonymous 5f4dcc3b5aa765d61d8327deb882cf99', 'fp votes add dark1 --anonymous-from jane@example.com'],
    ),
  ).action((post: string, o: Omit<VoteOptions, 'post'>) => addRun({ post, ...o }, f));
}
