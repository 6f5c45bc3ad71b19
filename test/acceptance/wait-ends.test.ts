import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runFp } from '../support/run-fp.js';

/**
 * D-WAIT-ENDS: a portal whose scan never moves (a stuck portal, or a mock that answers the
 * same example for ever) is waited for until the stall limit or the deadline, never for ever.
 */
const SCAN_ID = '0d5c1f7e-8a43-4f3e-9a55-2b1f6c3d4e5f';

const progress = (checked: number) => ({
  data: {
    scan_id: SCAN_ID,
    tab_id: 4,
    state: 'running',
    total: 10,
    checked,
    failed: 0,
    started_at: '2026-01-01T00:00:00Z',
    finished_at: null,
    error: null,
  },
});

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A portal on loopback whose scan progress is `checkedAt(poll)`; it counts the polls. */
async function stuckPortal(checkedAt: (poll: number) => number): Promise<{ url: string; polls: () => number }> {
  let polls = 0;
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/api/v1/knowledgebase/link-health/scan') {
      req.resume();
      return res.end(JSON.stringify(progress(checkedAt(0))));
    }
    if (req.method === 'GET' && req.url === `/api/v1/knowledgebase/link-health/progress/${SCAN_ID}`) {
      polls++;
      return res.end(JSON.stringify(progress(checkedAt(polls))));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ message: `The route ${req.url} could not be found.` }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, polls: () => polls };
}

describe('D-WAIT-ENDS every wait has an end', () => {
  it('scan --wait gives up when the progress has not moved for --stall-limit polls: exit 5, naming the scan', async () => {
    const portal = await stuckPortal(() => 3);
    const r = await runFp(
      ['kb', 'link-health', 'scan', '--tab', '4', '--wait', '--interval', '0.01', '--stall-limit', '5'],
      { baseUrl: portal.url, apiKey: 'k', timeoutMs: 30_000 },
    );
    expect(r.code).toBe(5);
    expect(r.stderr.trim().split('\n')).toEqual([
      `error: gave up waiting for link-health scan ${SCAN_ID} (running, 3 of 10 links checked): its progress has not moved for 5 polls (--stall-limit)`,
      `hint: it goes on; resume waiting with: fp kb link-health progress ${SCAN_ID} --wait`,
    ]);
    expect(portal.polls()).toBe(5);
  });

  it('progress --wait gives up the same way', async () => {
    const stuck = await stuckPortal(() => 7);
    const r = await runFp(
      ['kb', 'link-health', 'progress', SCAN_ID, '--wait', '--interval', '0.01', '--stall-limit', '3'],
      { baseUrl: stuck.url, apiKey: 'k', timeoutMs: 30_000 },
    );
    expect([r.code, r.stderr]).toEqual([5, expect.stringContaining('has not moved for 3 polls')]);
    expect(stuck.polls()).toBe(4); // the first read, then three without progress
  });

  it('scan --wait gives up at the --timeout deadline although the progress moves', async () => {
    const moving = await stuckPortal((poll) => poll % 10);
    const r = await runFp(
      ['kb', 'link-health', 'scan', '--tab', '4', '--wait', '--interval', '0.01', '--timeout', '3s'],
      { baseUrl: moving.url, apiKey: 'k', timeoutMs: 30_000 },
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: gave up waiting for link-health scan ${SCAN_ID} \\(running, \\d+ of 10 links checked\\): after 3 s \\(--timeout\\)\\n`,
      ),
    );
    expect(moving.polls()).toBeGreaterThan(0);
  });

  it('--stall-limit takes a positive number of polls', async () => {
    const r = await runFp(['kb', 'link-health', 'scan', '--tab', '4', '--wait', '--stall-limit', '0'], {
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
    });
    expect(r.code).toBe(2);
  });
});
