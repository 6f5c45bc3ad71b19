import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import progress from '../../../../../src/cli/commands/kb/link-health/progress.js';
import { fakeFactory, fakeIO } from '../../../../support/fake-io.js';
import { runCommand } from '../../../support/run-command.js';

const BASE = 'http://kb.test';
const record = {
  scan_id: 's1',
  tab_id: 3,
  state: 'running',
  total: 40,
  checked: 12,
  failed: 2,
  started_at: '2026-06-01T00:00:00.000Z',
  finished_at: null,
  error: null,
};

let agent: MockAgent;
beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(() => agent.close());

describe('fp kb link-health progress', () => {
  it('--wait polls until the scan ends, then prints the results of its tab', async () => {
    const pool = agent.get(BASE);
    const json = { headers: { 'content-type': 'application/json' } };
    pool
      .intercept({ path: '/api/v1/knowledgebase/link-health/progress/s1', method: 'GET' })
      .reply(200, { data: record }, json);
    pool
      .intercept({ path: '/api/v1/knowledgebase/link-health/progress/s1', method: 'GET' })
      .reply(
        200,
        { data: { ...record, state: 'completed', checked: 40, finished_at: '2026-06-01T00:01:00.000Z' } },
        json,
      );
    pool
      .intercept({ path: '/api/v1/knowledgebase/link-health/results/3', method: 'GET' })
      .reply(200, { data: { tab_id: 3, scan_id: 's1', scanned_at: '2026-06-01T00:01:00.000Z', posts: [] } }, json);
    const io = fakeIO({ stderrIsTTY: true });
    await runCommand(
      progress,
      ['--wait', '--interval', '0.001', 's1'],
      fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent }),
    );
    expect(io.err()).toBe(
      'Checking links 12/40 (2 broken)\nChecking links 40/40 (2 broken)\nNo articles with links.\n',
    );
  });

  it('prints the progress record', async () => {
    agent
      .get(BASE)
      .intercept({ path: '/api/v1/knowledgebase/link-health/progress/s1', method: 'GET' })
      .reply(200, { data: record }, { headers: { 'content-type': 'application/json' } });
    const io = fakeIO();
    await runCommand(progress, ['s1'], fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent }));
    expect(io.out().split('\n').slice(0, 2)).toEqual([
      'SCAN\tTAB\tSTATE\tCHECKED\tBROKEN\tSTARTED\tFINISHED\tERROR',
      's1\t3\trunning\t12/40\t2\t2026-06-01T00:00:00.000Z\t\t',
    ]);
  });

  it('an unknown scan is a 404 error', async () => {
    agent
      .get(BASE)
      .intercept({ path: '/api/v1/knowledgebase/link-health/progress/nope', method: 'GET' })
      .reply(404, { message: 'Scan not found.' }, { headers: { 'content-type': 'application/json' } });
    const io = fakeIO();
    await expect(
      runCommand(progress, ['nope'], fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent })),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Scan not found.',
    });
  });
});
