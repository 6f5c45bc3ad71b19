import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { checkUrl } from '../../../../src/server/kb/link-health/check-url.js';

describe('reserved domains', () => {
  it('D-LINK-RESERVED-NAMES links to RFC 6761 reserved domains (.test, .example, .invalid) are flagged without a DNS query', async () => {
    const r = await checkUrl('https://docs.acme.test/install');
    expect(r).toMatchObject({
      ok: false,
      status: null,
      error: 'host not found (reserved domain .test never resolves)',
    });
    expect((await checkUrl('https://x.EXAMPLE./')).error).toBe(
      'host not found (reserved domain .example never resolves)',
    );
    expect((await checkUrl('https://bad.invalid/')).error).toBe(
      'host not found (reserved domain .invalid never resolves)',
    );
  });

  it('other names and addresses are checked as any link', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    for (const origin of ['http://127.0.0.1', 'https://example.com'])
      agent.get(origin).intercept({ path: '/', method: 'HEAD' }).reply(200, '');
    try {
      for (const url of ['http://127.0.0.1/', 'https://example.com/']) {
        expect(await checkUrl(url, { dispatcher: agent, egress: { allowPrivate: true } }), url).toMatchObject({
          ok: true,
          status: 200,
          error: null,
        });
      }
    } finally {
      await agent.close();
    }
  });
});
