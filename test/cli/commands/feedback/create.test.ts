import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY, ANN, CARA } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

describe('fp feedback create', () => {
  it('records an entry for the given user', async () => {
    const r = await fp([
      'feedback',
      'create',
      '--type',
      'idea',
      '--text',
      'Keyboard shortcuts',
      '--user',
      CARA,
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ id: 'fb-3', type: 'idea', feedback: 'Keyboard shortcuts', user_id: CARA });
  });

  it('without --user the entry is attributed to the key owner', async () => {
    const r = await fp(['feedback', 'create', '--type', 'bug', '--text', 'Crash on save', '--json']);
    expect(r.io.json().user_id).toBe(ANN);
  });

  it('reads the text from stdin with --text-file -', async () => {
    const r = await fp(['feedback', 'create', '--type', 'bug', '--text-file', '-', '--json'], {
      stdin: 'Piped report\n',
    });
    expect(r.io.json().feedback).toBe('Piped report');
  });

  it('--type is required (exit 2)', async () => {
    const r = await fp(['feedback', 'create', '--text', 'No type']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("required option '--type <type>' not specified");
  });

  it('an empty text exits 2 before sending', async () => {
    const r = await fp(['feedback', 'create', '--type', 'bug', '--text', ''], { baseUrl: 'http://127.0.0.1:9' });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: The given data was invalid.\n  feedback: The feedback field is required.\n');
  });
});
