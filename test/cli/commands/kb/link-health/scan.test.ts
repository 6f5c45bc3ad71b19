import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import scan from '../../../../../src/cli/commands/kb/link-health/scan.js';
import { SilentExit } from '../../../../../src/cli/errors.js';
import { main } from '../../../../../src/cli/main.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../../support/fake-io.js';
import { runCommand } from '../../../support/run-command.js';

const BASE = 'http://kb.test';
const SCAN = '0d5c1f7e-8a43-4f3e-9a55-2b1f6c3d4e5f';
const at = '2026-06-01T00:00:00.000Z';

function progress(state: string, checked: number, total: number, failed: number, error: string | null = null) {
  return {
    scan_id: SCAN,
    tab_id: 3,
    state,
    total,
    checked,
    failed,
    started_at: state === 'queued' ? null : at,
    finished_at: state === 'completed' || state === 'failed' ? at : null,
    error,
  };
}

const results = {
  tab_id: 3,
  scan_id: SCAN,
  scanned_at: at,
  posts: [
    {
      post_id: 'kb001',
      title: 'Installation',
      healthy: false,
      links_total: 2,
      links_failed: 1,
      links: [
        {
          url: 'http://127.0.0.1:9/ok',
          ok: true,
          status: 200,
          error: null,
          final_url: 'http://127.0.0.1:9/ok',
          redirects: 0,
          checked_at: at,
        },
        {
          url: 'http://127.0.0.1:9/gone',
          ok: false,
          status: 404,
          error: null,
          final_url: 'http://127.0.0.1:9/gone',
          redirects: 0,
          checked_at: at,
        },
      ],
    },
  ],
};

let agent: MockAgent;
let exitListeners = 0;
beforeEach(() => {
  exitListeners = process.listenerCount('exit');
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(() => agent.close());

const json = { headers: { 'content-type': 'application/json' } };
function mockScan(polls: object[], res: object = results) {
  const pool = agent.get(BASE);
  pool
    .intercept({ path: '/api/v1/knowledgebase/link-health/scan', method: 'POST' })
    .reply(200, { data: progress('queued', 0, 0, 0) }, json);
  for (const p of polls)
    pool
      .intercept({ path: `/api/v1/knowledgebase/link-health/progress/${SCAN}`, method: 'GET' })
      .reply(200, { data: p }, json);
  pool
    .intercept({ path: '/api/v1/knowledgebase/link-health/results/3', method: 'GET' })
    .reply(200, { data: res }, json);
}

const factory = (io: FakeIO, globals = {}) =>
  fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent, globals });

describe('fp kb link-health scan: argv', () => {
  it.each([
    [['kb', 'link-health', 'scan']],
    [['kb', 'link-health', 'scan', '--tab', '0']],
    [['kb', 'link-health', 'scan', '--tab', '3', '--interval', '0']],
  ])('%j is a usage error (exit 2)', async (argv) => {
    expect(await main(argv, fakeIO())).toBe(2);
  });
});

describe('fp kb link-health scan: run', () => {
  it('without --wait prints the scan id on stdout and how to follow it on stderr', async () => {
    mockScan([]);
    const io = fakeIO();
    await runCommand(scan, ['--tab', '3'], factory(io));
    expect(io.out()).toBe(`${SCAN}\n`);
    expect(io.err()).toBe(`Started a link-health scan of tab 3; follow it with: fp kb link-health progress ${SCAN}\n`);
  });

  it('with --json prints the progress record', async () => {
    mockScan([]);
    const io = fakeIO();
    await runCommand(scan, ['--tab', '3'], factory(io, { json: true }));
    expect(io.json()).toEqual(progress('queued', 0, 0, 0));
  });

  it('--wait off a terminal (2>err.txt) draws no progress: the results and the summary only', async () => {
    mockScan([progress('running', 1, 2, 0), progress('completed', 2, 2, 1)]);
    const io = fakeIO();
    await runCommand(scan, ['--tab', '3', '--wait', '--interval', '0.001'], factory(io));
    expect(io.err()).toBe('kb001  HTTP 404  http://127.0.0.1:9/gone\n1 article, 2 distinct links, 1 broken.\n');
  });

  it('--wait at a terminal without a spinner prints a progress line only when the counts change, then the results', async () => {
    mockScan([progress('running', 1, 2, 0), progress('running', 1, 2, 0), progress('completed', 2, 2, 1)]);
    const io = fakeIO({ stderrIsTTY: true });
    await runCommand(scan, ['--tab', '3', '--wait', '--interval', '0.001'], factory(io));
    expect(io.err()).toBe(
      [
        'Waiting for the scan to start…',
        'Checking links 1/2 (0 broken)',
        'Checking links 2/2 (1 broken)',
        'kb001  HTTP 404  http://127.0.0.1:9/gone',
        '1 article, 2 distinct links, 1 broken.',
        '',
      ].join('\n'),
    );
    expect(io.out()).toBe(['POST\tTITLE\tLINKS\tBROKEN', 'kb001\tInstallation\t2\t1', ''].join('\n'));
  });

  it('in CI (CI=true or CI=1) --wait prints no progress lines, only the summary', async () => {
    for (const CI of ['true', '1']) {
      mockScan([progress('running', 1, 2, 0), progress('completed', 2, 2, 1)]);
      const io = fakeIO({ env: { CI } });
      await runCommand(scan, ['--tab', '3', '--wait', '--interval', '0.001'], factory(io));
      expect(io.err()).toBe('kb001  HTTP 404  http://127.0.0.1:9/gone\n1 article, 2 distinct links, 1 broken.\n');
    }
  });

  it('--fail-on-broken waits and exits 1 when a link is broken', async () => {
    mockScan([progress('completed', 2, 2, 1)]);
    const io = fakeIO();
    const err = await runCommand(scan, ['--tab', '3', '--fail-on-broken', '--interval', '0.001'], factory(io)).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SilentExit);
    expect((err as SilentExit).code).toBe(1);
    expect(io.err()).toMatch(/error: 1 broken link in 1 article\n$/);
  });

  it('--fail-on-broken counts a broken URL shared by two articles once, like the progress does', async () => {
    const shared = { ...results.posts[0], post_id: 'kb002', title: 'FAQ' };
    mockScan([progress('completed', 2, 2, 1)], { ...results, posts: [results.posts[0], shared] });
    const io = fakeIO({ stderrIsTTY: true });
    await expect(
      runCommand(scan, ['--tab', '3', '--fail-on-broken', '--interval', '0.001'], factory(io)),
    ).rejects.toBeInstanceOf(SilentExit);
    expect(io.err()).toBe(
      [
        'Waiting for the scan to start…',
        'Checking links 2/2 (1 broken)',
        'kb001  HTTP 404  http://127.0.0.1:9/gone',
        'kb002  HTTP 404  http://127.0.0.1:9/gone',
        '2 articles, 2 distinct links, 1 broken.',
        'error: 1 broken link in 2 articles',
        '',
      ].join('\n'),
    );
  });

  it('the process ending while it waits (Ctrl-C) prints the scan id and the command that resumes', async () => {
    const pool = agent.get(BASE);
    pool
      .intercept({ path: '/api/v1/knowledgebase/link-health/scan', method: 'POST' })
      .reply(200, { data: progress('running', 1, 2, 0) }, json);
    pool.intercept({ path: `/api/v1/knowledgebase/link-health/progress/${SCAN}`, method: 'GET' }).reply(
      200,
      () => {
        // What Ctrl-C does (process.exit(130)) to this command: its exit listener runs; only that one is called here.
        const listeners = process.listeners('exit');
        (listeners[listeners.length - 1] as (code: number) => void)(130);
        return { data: progress('completed', 2, 2, 0) };
      },
      json,
    );
    pool
      .intercept({ path: '/api/v1/knowledgebase/link-health/results/3', method: 'GET' })
      .reply(200, { data: results }, json);
    const io = fakeIO({ stderrIsTTY: true });
    await runCommand(scan, ['--tab', '3', '--wait', '--interval', '0.001'], factory(io));
    expect(io.err()).toContain(
      `Checking links 1/2 (0 broken)\n\nInterrupted; scan ${SCAN} goes on. Resume with: fp kb link-health progress ${SCAN} --wait\n`,
    );
    expect(process.listenerCount('exit')).toBe(exitListeners);
  });

  it('--fail-on-broken exits 0 when every link is fine', async () => {
    mockScan([progress('completed', 1, 1, 0)], {
      ...results,
      posts: [
        { ...results.posts[0], healthy: true, links_failed: 0, links: [results.posts[0].links[0]], links_total: 1 },
      ],
    });
    const io = fakeIO();
    await runCommand(scan, ['--tab', '3', '--fail-on-broken', '--interval', '0.001'], factory(io));
    expect(io.out()).toContain('kb001\tInstallation\t1\t0');
  });

  it('a failed scan is an error (exit 1) with its reason', async () => {
    const pool = agent.get(BASE);
    pool
      .intercept({ path: '/api/v1/knowledgebase/link-health/scan', method: 'POST' })
      .reply(200, { data: progress('running', 0, 1, 0) }, json);
    pool
      .intercept({ path: `/api/v1/knowledgebase/link-health/progress/${SCAN}`, method: 'GET' })
      .reply(200, { data: progress('failed', 0, 1, 0, 'worker crashed') }, json);
    const io = fakeIO();
    await expect(runCommand(scan, ['--tab', '3', '--wait', '--interval', '0.001'], factory(io))).rejects.toThrow(
      `link-health scan ${SCAN} failed: worker crashed`,
    );
  });

  it('--wait --json prints the results record', async () => {
    mockScan([progress('completed', 2, 2, 1)]);
    const io = fakeIO();
    await runCommand(scan, ['--tab', '3', '--wait', '--interval', '0.001'], factory(io, { json: true }));
    expect(io.json()).toEqual(results);
  });
});
