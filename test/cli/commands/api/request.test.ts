import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPath, apiRun, type ApiOptions } from '../../../../src/cli/commands/api/request.js';
import { main } from '../../../../src/cli/main.js';
import type { SeedFile } from '../../../../src/server/store/state.js';
import { ADMIN_KEY, BOB, fixtureSeed, GROUP_BETA } from '../../../support/fixture-seed.js';
import { fakeFactory, fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

const NOWHERE = 'http://127.0.0.1:9';

function seedWith(extra: number): SeedFile {
  const s = fixtureSeed();
  for (let i = 0; i < extra; i++) {
    s.portals[0].posts!.push({
      key: `gen${i}`,
      database_id: 100 + i,
      title: `Generated ${i}`,
      author_id: BOB,
      tab_id: 1,
      created_at: '2026-01-01T00:00:00Z',
    });
  }
  return s;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server!.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

const run = (opts: Partial<ApiOptions> & { path: string }, io = fakeIO()) =>
  apiRun({ fields: [], typedFields: [], ...opts }, fakeFactory(io, { baseUrl: server!.url, apiKey: ADMIN_KEY })).then(
    () => io,
  );

describe('fp api PATH', () => {
  it('takes /api/v1/..., api/v1/... and short paths under /api/v1/', () => {
    const base = 'https://p.example.test';
    expect(apiPath('/api/v1/posts', base)).toBe('/api/v1/posts');
    expect(apiPath('api/v1/posts?limit=1', base)).toBe('/api/v1/posts?limit=1');
    expect(apiPath('portal', base)).toBe('/api/v1/portal');
    expect(apiPath('/groups/x/users', base)).toBe('/api/v1/groups/x/users');
    expect(apiPath('https://p.example.test/api/v1/portal', `${base}/`)).toBe('/api/v1/portal');
    expect(() => apiPath('https://evil.example.test/api/v1/portal', base)).toThrow(
      "PATH must be on the portal's address",
    );
  });
});

describe('fp api', () => {
  beforeEach(async () => {
    server = await startTestServer();
  });

  it('GET by default, printing the body as sent when stdout is not a terminal', async () => {
    const r = await fp(['api', '/api/v1/portal']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${(await server!.request('GET', '/api/v1/portal')).text}\n`);
    expect(r.io.json().data.title).toBe('Test Portal');
  });

  it('pretty JSON on a terminal', async () => {
    const io = await run({ path: 'portal' }, fakeIO({ tty: true }));
    expect(io.out()).toMatch(/^\{\n {2}"data": \{\n {4}"guid"/);
  });

  it('-f fields make a POST with a JSON body', async () => {
    const r = await fp(['api', '/api/v1/categories', '-f', 'name=Foo']);
    expect(r.code).toBe(0);
    expect(r.io.json().data).toMatchObject({ name: 'Foo' });
    expect(server!.store.portals[0].categories.list().map((c) => c.name)).toContain('Foo');
  });

  it('-X sets the method; -F sends typed values', async () => {
    const r = await fp(['api', `groups/${GROUP_BETA}/users`, '-X', 'delete', '-F', 'user_id=2']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual({ message: 'User removed from group successfully' });
  });

  it('for GET the fields are query parameters, arrays as key[]=v', async () => {
    const r = await fp([
      'api',
      'posts',
      '-X',
      'GET',
      '-F',
      'status[]=1',
      '-F',
      'status[]=2',
      '-f',
      'order_by=id',
      '-f',
      'order_direction=asc',
    ]);
    expect(r.code).toBe(0);
    expect(r.io.json().data.map((p: { id: string }) => p.id)).toEqual(['dark1', 'sso22']);
    const one = await fp(['api', 'posts', '-X', 'GET', '-F', 'status=2']);
    expect(one.io.json().data.map((p: { id: string }) => p.id)).toEqual(['sso22']);
  });

  it('--input - sends stdin as the body', async () => {
    const r = await fp(['api', 'categories', '--input', '-'], { stdin: '{"name":"From stdin"}' });
    expect(r.code).toBe(0);
    expect(r.io.json().data.name).toBe('From stdin');
  });

  it('--input FILE sends the file as the body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-api-input-'));
    writeFileSync(join(dir, 'body.json'), JSON.stringify({ name: 'From a file' }));
    const r = await fp(['api', 'categories', '--input', join(dir, 'body.json')]);
    expect(r.io.json().data.name).toBe('From a file');
    const missing = await fp(['api', 'categories', '--input', join(dir, 'nope.json')], { baseUrl: NOWHERE });
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`error: cannot read --input ${join(dir, 'nope.json')}: ENOENT\n`);
  });

  it('-i prints the status line and headers first', async () => {
    const r = await fp(['api', 'portal', '-i']);
    const [head, body] = r.out.split('\n\n');
    expect(head.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(body).data.title).toBe('Test Portal');
  });

  it('a 422 prints the body on stdout, the error on stderr, and exits 1', async () => {
    const r = await fp(['api', 'categories', '-f', 'name=Mobile']);
    expect(r.code).toBe(1);
    expect(r.io.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name has already been taken.'] },
    });
    expect(r.err).toBe('error: The given data was invalid. (422)\n  name: The name has already been taken.\n');
  });

  it('a 404 exits 1', async () => {
    const r = await fp(['api', 'comments/9999', '-X', 'DELETE']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: comment 9999 not found (404)\n');
  });

  it('a 401 prints the body and exits 4', async () => {
    const r = await fp(['api', 'portal'], { env: { FP_API_KEY: 'wrong' } });
    expect(r.code).toBe(4);
    expect(r.io.json()).toEqual({ message: 'Unauthenticated.' });
    expect(r.err).toBe(
      'error: Unauthenticated. (401)\nhint: the portal refused the API key: run `fp auth login` (or set FP_API_KEY) with a valid key; `fp auth status` shows which key is in use\n',
    );
  });

  it('-i on an error shows the error status line', async () => {
    const r = await fp(['api', 'portal', '-i'], { env: { FP_API_KEY: 'wrong' } });
    expect(r.out.split('\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('usage errors exit 2 before anything is sent', async () => {
    const cases: Array<[string[], string]> = [
      [['api', 'posts', '--paginate', '-X', 'POST'], 'error: --paginate works with GET requests only\n'],
      [
        ['api', 'posts', '--paginate', '-i'],
        'error: --paginate and -i cannot be combined: the pages are printed as one JSON array\n',
      ],
      [['api', 'posts', '-f', 'oops'], 'error: invalid -f "oops": expected key=value\n'],
      [
        ['api', 'posts', '--input', '-', '-F', 'a=@-'],
        'error: stdin can be read only once: use --input - or one -F key=@-\n',
      ],
      [['api', 'posts', '-X', 'GE T'], 'error: invalid method "GE T"\n'],
    ];
    for (const [argv, err] of cases) {
      const r = await fp(argv, { baseUrl: NOWHERE });
      expect([r.code, r.err], argv.join(' ')).toEqual([2, err]);
    }
  });

  it('--paginate on an answer without a data list prints it as it is', async () => {
    const r = await fp(['api', 'portal', '--paginate']);
    expect(r.code).toBe(0);
    expect(r.io.json().data.title).toBe('Test Portal');
  });

  it('--paginate on a list without hasMore prints its data as an array', async () => {
    const r = await fp(['api', 'categories', '--paginate']);
    expect(r.io.json().map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('fp api --paginate over the post list', () => {
  beforeEach(async () => {
    server = await startTestServer(seedWith(55));
  });

  it('prints one JSON array of every post', async () => {
    const r = await fp(['api', '--paginate', '/api/v1/posts']);
    expect(r.code).toBe(0);
    const ids = r.io.json().map((p: { id: string }) => p.id);
    expect(ids).toHaveLength(57);
    expect(new Set(ids).size).toBe(57);
  });

  it('keeps the filters and a given limit on every page', async () => {
    const r = await fp(['api', '--paginate', 'posts', '-F', 'status=1', '-F', 'limit=5']);
    expect(r.io.json().map((p: { id: string }) => p.id)).toEqual(['dark1']);
    const all = await fp(['api', '--paginate', 'posts?limit=7&skip=50']);
    expect(all.io.json()).toHaveLength(7);
  });

  it('is pretty on a terminal and still one array', async () => {
    const io = await run({ path: 'posts', paginate: true }, fakeIO({ tty: true }));
    expect(io.out()).toMatch(/^\[\n {2}\{\n {4}"id": /);
    expect(JSON.parse(io.out())).toHaveLength(57);
  });
});
