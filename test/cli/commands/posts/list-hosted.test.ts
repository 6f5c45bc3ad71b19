import { Command } from 'commander';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../../../../src/cli/main.js';
import { fakeFactory, fakeIO } from '../../../support/fake-io.js';

const BASE = 'http://portal.test';
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

describe('posts list against a portal that lists no tabs, sections or tags (the hosted service)', () => {
  it('sends the names as typed and, when nothing matches, says what the flags take', async () => {
    const pool = agent.get(BASE);
    for (const list of ['tabs', 'sections', 'tags']) {
      pool
        .intercept({ path: `/__reference/${list}` })
        .reply(404, { message: `The route __reference/${list} could not be found.` });
    }
    const sent: string[] = [];
    pool
      .intercept({ path: (p) => p.startsWith('/api/v1/posts?') && Boolean(sent.push(p)) })
      .reply(200, { data: [], hasMore: false, total: 0, skip: 0, limit: 10 });
    const io = fakeIO();
    const f = fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent });
    const argv = ['posts', 'list', '--tab', 'Roadmap', '--section', 'ideas', '--tag', 'bug'];
    const program: Command = await buildProgram(io, argv, false, f);
    await program.parseAsync(argv, { from: 'user' });
    expect(decodeURIComponent(sent[0])).toBe('/api/v1/posts?section=ideas&tab=Roadmap&tag_id[]=bug');
    expect(io.err()).toBe(
      'hint: --tag takes tag ids (such as t-bug); the API lists no tags, so a tag name matches nothing\nhint: --tab takes a board slug (such as feedback)\n',
    );
  });
});
