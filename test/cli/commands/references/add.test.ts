import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
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

describe('fp references add', () => {
  it('attaches the text to the post and prints the reference', async () => {
    const r = await fp(['references', 'add', 'dark1', 'JIRA-1234', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual({
      id: 1,
      post_id: 'dark1',
      reference: 'JIRA-1234',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('prints a header and a row off a terminal', async () => {
    const r = await fp(['references', 'add', 'dark1', 'JIRA-1234']);
    expect(r.out).toMatch(/^ID\tPOST\tREFERENCE\tCREATED\n1\tdark1\tJIRA-1234\t\d{4}-\d\d-\d\dT[\d:.]+Z\n$/);
  });

  it('- reads the text from stdin', async () => {
    const r = await fp(['references', 'add', 'dark1', '-', '--json'], { stdin: 'CRM case 77\n' });
    expect(r.code).toBe(0);
    expect(r.io.json().reference).toBe('CRM case 77');
  });

  it('an empty text exits 2 before sending', async () => {
    const r = await fp(['references', 'add', 'dark1', ''], { baseUrl: 'http://127.0.0.1:9' });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: The given data was invalid.\n  reference: The reference field is required.\n');
  });

  it('an unknown post exits 1', async () => {
    const r = await fp(['references', 'add', 'nope9', 'JIRA-1']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: post nope9 not found (404)\n');
  });
});
