import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import resultsVerb from '../../../../../src/cli/commands/kb/link-health/results.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../../support/fake-io.js';
import { runCommand } from '../../../support/run-command.js';

const BASE = 'http://kb.test';
const at = '2026-06-01T00:00:00.000Z';
const ok = (url: string) => ({ url, ok: true, status: 200, error: null, final_url: url, redirects: 0, checked_at: at });
const results = {
  tab_id: 3,
  scan_id: 's1',
  scanned_at: at,
  posts: [
    {
      post_id: 'kb001',
      title: 'Installation',
      healthy: false,
      links_total: 1,
      links_failed: 1,
      links: [{ ...ok('http://127.0.0.1:1/x'), ok: false, status: null, error: 'connect ECONNREFUSED 127.0.0.1:1' }],
    },
    {
      post_id: 'kb002',
      title: 'FAQ',
      healthy: true,
      links_total: 1,
      links_failed: 0,
      links: [ok('http://127.0.0.1:9/ok')],
    },
  ],
};

let agent: MockAgent;
beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(() => agent.close());

function reply(data: object) {
  agent
    .get(BASE)
    .intercept({ path: '/api/v1/knowledgebase/link-health/results/3', method: 'GET' })
    .reply(200, { data }, { headers: { 'content-type': 'application/json' } });
}
const factory = (io: FakeIO, globals = {}) =>
  fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent, globals });

describe('fp kb link-health results', () => {
  it('on a terminal prints every post with its broken links below', async () => {
    reply(results);
    const io = fakeIO({ tty: true });
    await runCommand(resultsVerb, ['--tab', '3'], factory(io, { color: false }));
    expect(io.out()).toBe(
      [
        'POST   TITLE         LINKS  BROKEN',
        'kb001  Installation  1      1',
        '    unreachable  http://127.0.0.1:1/x  (connect ECONNREFUSED 127.0.0.1:1)',
        'kb002  FAQ           1      0',
        '',
      ].join('\n'),
    );
  });

  it('fits the table to the terminal width: titles give way, broken links are cut', async () => {
    const long = { ...results.posts[0], title: 'Installing the portal on a server of your own '.repeat(2) };
    reply({ ...results, posts: [long, results.posts[1]] });
    const io = fakeIO({ tty: true, columns: 40 });
    await runCommand(resultsVerb, ['--tab', '3'], factory(io, { color: false }));
    const lines = io.out().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(40);
    expect(lines[1]).toMatch(/^kb001 {2}Installing the .*…/);
    expect(lines[2]).toMatch(/^ {4}unreachable {2}http:\/\/127\.0\.0\.1:1\/x.*…$/);
  });

  it('piped, prints TSV rows on stdout and names each broken link on stderr (D-LINK-HEALTH-PIPED)', async () => {
    reply(results);
    const io = fakeIO();
    await runCommand(resultsVerb, ['--tab', '3'], factory(io));
    expect(io.out()).toBe('POST\tTITLE\tLINKS\tBROKEN\nkb001\tInstallation\t1\t1\nkb002\tFAQ\t1\t0\n');
    expect(io.err()).toBe(
      [
        'kb001  unreachable  http://127.0.0.1:1/x  (connect ECONNREFUSED 127.0.0.1:1)',
        '2 articles, 2 distinct links, 1 broken.',
        '',
      ].join('\n'),
    );
  });

  it('--failed keeps only posts with broken links, in JSON too', async () => {
    reply(results);
    const io = fakeIO();
    await runCommand(resultsVerb, ['--tab', '3', '--failed'], factory(io, { json: true }));
    expect(io.json()).toEqual({ ...results, posts: [results.posts[0]] });
  });

  it('--format csv prints one row per post', async () => {
    reply(results);
    const io = fakeIO();
    await runCommand(resultsVerb, ['--tab', '3'], factory(io, { format: 'csv' }));
    expect(io.out()).toBe('POST,TITLE,LINKS,BROKEN\nkb001,Installation,1,1\nkb002,FAQ,1,0\n');
  });

  it('before any scan says how to start one', async () => {
    reply({ tab_id: 3, scan_id: null, scanned_at: null, posts: [] });
    const io = fakeIO();
    await runCommand(resultsVerb, ['--tab', '3'], factory(io));
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      'No link-health scan of tab 3 has completed yet; start one with: fp kb link-health scan --tab 3\n',
    );
  });
});
