import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { progressRun, register } from '../../../../../src/cli/commands/kb/link-health/progress.js';
import { fakeFactory, fakeIO } from '../../../../support/fake-io.js';
import { parseArgv } from '../parse-argv.js';

const BASE = 'http://kb.test';
const record = {
  scan_id: 's1', tab_id: 3, state: 'running', total: 40, checked: 12, failed: 2,
  started_at: '2026-06-01T00:00:00.000Z', finished_at: null, error: null,
};

let agent: MockAgent;
beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(() => agent.close());

describe('fp kb link-health progress', () => {
  it('argv: the scan id', async () => {
    expect(await parseArgv(register, ['progress', 's1'])).toEqual({ scanId: 's1' });
  });

  it('prints the progress record', async () => {
    agent.get(BASE).intercept({ path: '/api/v1/knowledgebase/link-health/progress/s1', method: 'GET' })
      .reply(200, { data: record }, { headers: { 'content-type': 'application/json' } });
    const io = fakeIO();
    await progressRun({ scanId: 's1' }, fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent }));
    expect(io.out().split('\n').slice(0, 2)).toEqual([
      'SCAN\tTAB\tSTATE\tCHECKED\tBROKEN\tSTARTED\tFINISHED\tERROR',
      's1\t3\trunning\t12/40\t2\t2026-06-01T00:00:00.000Z\t\t',
    ]);
  });

  it('an unknown scan is a 404 error', async () => {
    agent.get(BASE).intercept({ path: '/api/v1/knowledgebase/link-health/progress/nope', method: 'GET' })
      .reply(404, { message: 'Scan not found.' }, { headers: { 'content-type': 'application/json' } });
    const io = fakeIO();
    await expect(progressRun({ scanId: 'nope' }, fakeFactory(io, { baseUrl: BASE, apiKey: 'k', dispatcher: agent }))).rejects.toMatchObject({
      status: 404,
      message: 'Scan not found.',
    });
  });
});
