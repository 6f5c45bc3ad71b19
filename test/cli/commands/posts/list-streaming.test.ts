import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import list from '../../../../src/cli/commands/posts/list.js';
import { runCommand } from '../../support/run-command.js';
import { fakeFactory, fakeIO } from '../../../support/fake-io.js';
import { startTestServer } from '../../../support/test-server.js';

let template: Record<string, unknown>;
beforeAll(async () => {
  const server = await startTestServer();
  template = (await server.request('GET', '/api/v1/posts?limit=1')).body.data[0];
  await server.close();
});

let agent: MockAgent;
afterAll(() => agent?.close());

describe('fp posts list --all', () => {
  it('writes each page before asking for the next, so memory does not grow with the number of posts', async () => {
    const log: string[] = [];
    agent = new MockAgent();
    agent.disableNetConnect();
    const pages = [3, 3, 2];
    agent
      .get('http://portal.test')
      .intercept({ path: (p) => p.startsWith('/api/v1/posts'), method: 'GET' })
      .reply((req) => {
        const skip = Number(new URL(req.path, 'http://x').searchParams.get('skip'));
        log.push(`request skip=${skip}`);
        const n = pages.shift()!;
        const data = Array.from({ length: n }, (_, i) => ({ ...template, id: `p${skip + i}` }));
        return {
          statusCode: 200,
          data: { data, hasMore: pages.length > 0, total: 8, skip, limit: 3 },
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      })
      .times(3);

    const io = fakeIO();
    const write = io.stdout.write.bind(io.stdout);
    io.stdout.write = (chunk) => {
      const m = /"id":"(p\d+)"/.exec(String(chunk));
      if (m) log.push(`write ${m[1]}`);
      return write(chunk);
    };
    await runCommand(
      list,
      ['--all', '--limit', '3', '--format', 'ndjson'],
      fakeFactory(io, { baseUrl: 'http://portal.test', apiKey: 'k', dispatcher: agent }),
    );
    expect(log).toEqual([
      'request skip=0',
      'write p0',
      'write p1',
      'write p2',
      'request skip=3',
      'write p3',
      'write p4',
      'write p5',
      'request skip=6',
      'write p6',
      'write p7',
    ]);
  });
});
