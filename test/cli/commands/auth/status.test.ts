import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../../src/cli/config/profile-store.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { fakeIO } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { fp } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function stored(env: Record<string, string | undefined> = {}, key = ADMIN_KEY) {
  const io = fakeIO({ env });
  (await ProfileStore.open(io.env)).save('work', { base_url: server.url, api_key: key }, true);
  return io;
}

describe('fp auth status', () => {
  it('checks a stored key live and shows the portal, address, masked key and where it came from', async () => {
    const io = await stored();
    const r = await fp(['auth', 'status', '--json'], { io });
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({
      portal: { title: 'Test Portal', editor_type: 'markdown' },
      base_url: server.url,
      base_url_source: 'profile',
      profile: 'work',
      api_key: '****dmin',
      api_key_source: 'profile',
    });
    expect(r.out).not.toContain(ADMIN_KEY);
  });

  it('the plain view has one column a fact', async () => {
    const io = await stored();
    const r = await fp(['auth', 'status'], { io });
    expect(r.out).toBe(
      'Portal\tEditor\tBase URL\tAPI key\tKey from\tProfile\n' +
        `Test Portal\tmarkdown\t${server.url}\t****dmin\tprofile "work"\twork\n`,
    );
  });

  it('FP_API_KEY beats the stored key and is named as the source', async () => {
    const io = await stored({ FP_API_KEY: ADMIN_KEY }, 'stale-stored-key');
    const r = await fp(['auth', 'status', '--json'], { io });
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ api_key_source: 'FP_API_KEY', profile: 'work' });
  });

  it('FP_BASE_URL and FP_API_KEY work with no profile at all', async () => {
    const r = await fp(['auth', 'status', '--json'], { env: { FP_BASE_URL: server.url, FP_API_KEY: ADMIN_KEY } });
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ profile: null, api_key_source: 'FP_API_KEY', base_url_source: 'FP_BASE_URL' });
  });

  it('a refused key exits 4 and says which key was refused', async () => {
    const io = await stored({}, 'revoked-key-1234');
    const r = await fp(['auth', 'status'], { io });
    expect(r.code).toBe(4);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      `The key ****1234 from profile "work" was refused by ${server.url}\nerror: Unauthenticated. (401)\nhint: the portal refused the API key: run \`fp auth login\` (or set FP_API_KEY) with a valid key; \`fp auth status\` shows which key is in use\n`,
    );
  });

  it('no credentials exits 4', async () => {
    const r = await fp(['auth', 'status']);
    expect(r.code).toBe(4);
    expect(r.err).toBe('error: no portal configured: run `fp auth login`, or set FP_BASE_URL and FP_API_KEY\n');
  });

  it('--profile selects among stored profiles; an unknown one exits 4', async () => {
    const io = await stored();
    (await ProfileStore.open(io.env)).save('other', { base_url: 'http://127.0.0.1:9', api_key: 'x' }, false);
    expect((await fp(['auth', 'status', '--profile', 'work', '--json'], { io })).io.json().profile).toBe('work');
    const r = await fp(['--profile', 'missing', 'auth', 'status'], { io: fakeIO({ env: io.env }) });
    expect(r.code).toBe(4);
    expect(r.err).toBe('error: no profile named "missing"; `fp auth list` shows the stored profiles\n');
  });
});
