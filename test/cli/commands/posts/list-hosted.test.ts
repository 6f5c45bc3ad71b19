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

describe('posts list against a portal that lists no tabs, sections or tags', () => {
  it('sends the names as typed and, when nothing matches, says what the flags take', async () => {
    const pool = agent.get(BASE);
    for (const path of [
      '/api/v1/tabs',
      '/api/v1/sections',
      '/api/v1/tags',
      '/__reference/tabs',
      '/__reference/sections',
      '/__reference/tags',
    ]) {
      pool.intercept({ path }).reply(404, { message: `The route ${path.slice(1)} could not be found.` });
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
    // Each fallback is said once, whatever order the lists answered in; the hints come last.
    const lines = io.err().split('\n');
    expect(lines.slice(0, 3).sort()).toEqual([
      'note: this portal does not offer GET /api/v1/sections (404); --section values are sent as typed (id or slug)',
      'note: this portal does not offer GET /api/v1/tabs (404); --tab values are sent as typed (tab slugs)',
      'note: this portal does not offer GET /api/v1/tags (404); --tag values are sent as typed (tag ids)',
    ]);
    expect(lines.slice(3).join('\n')).toBe(
      'hint: --tag takes tag ids (such as t-bug); this portal lists no tags, so a tag name matches nothing\nhint: --tab takes a board slug (such as feedback)\n',
    );
  });
});
