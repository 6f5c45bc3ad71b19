import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import type { SeedFile } from '../../../../src/seed-file/seed-file.js';
import { ADMIN_KEY, BOB, fixtureSeed, GROUP_BETA } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
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

describe('fp api PATH', () => {
  beforeEach(async () => {
    server = await startTestServer();
  });

  it('takes /api/v1/..., api/v1/... and short paths under /api/v1/', async () => {
    const answer = async (path: string) => `${(await server!.request('GET', path)).text}\n`;
    for (const [given, path] of [
      ['/api/v1/posts', '/api/v1/posts'],
      ['api/v1/posts?limit=1', '/api/v1/posts?limit=1'],
      ['portal', '/api/v1/portal'],
      [`/groups/${GROUP_BETA}/users`, `/api/v1/groups/${GROUP_BETA}/users`],
    ]) {
      const r = await fp(['api', given]);
      expect(r.code, given).toBe(0);
      expect(r.out, given).toBe(await answer(path));
    }
    const full = await fp(['api', `${server!.url}/api/v1/portal`], { baseUrl: `${server!.url}/` });
    expect(full.out).toBe(await answer('/api/v1/portal'));
    const elsewhere = await fp(['api', 'https://evil.example.test/api/v1/portal']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.err).toContain("PATH must be on the portal's address");
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
    const { io } = await fp(['api', 'portal'], { tty: true });
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
      [
        ['api', 'posts', '-X', 'GE T'],
        'error: invalid method "GE T": expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS. Did you mean "GET"?\n',
      ],
      // A typo of a method is caught here, not sent to be answered 400.
      [
        ['api', 'portal', '-X', 'DELET'],
        'error: invalid method "DELET": expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS. Did you mean "DELETE"?\n',
      ],
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
    const { io } = await fp(['api', 'posts', '--paginate'], { tty: true });
    expect(io.out()).toMatch(/^\[\n {2}\{\n {4}"id": /);
    expect(JSON.parse(io.out())).toHaveLength(57);
  });
});

/** Pending and rejected posts (25 each) and pending comments (23): more than one queue page of each. */
function moderationSeed(): SeedFile {
  const s = fixtureSeed();
  const portal = s.portals[0];
  for (let i = 0; i < 25; i++) {
    for (const status of ['pending', 'rejected'] as const) {
      portal.posts!.push({
        key: `${status.slice(0, 3)}${i}`,
        database_id: (status === 'pending' ? 200 : 300) + i,
        title: `${status} ${i}`,
        author_id: BOB,
        tab_id: 1,
        moderation_status: status,
        created_at: '2026-03-01T00:00:00Z',
      });
    }
  }
  for (let i = 0; i < 22; i++) {
    portal.comments!.push({
      id: 400 + i,
      post_key: 'dark1',
      user_id: BOB,
      comment: `pending comment ${i}`,
      moderation_status: 'pending',
      created_at: '2026-03-01T00:00:00Z',
    });
  }
  return s;
}

describe('fp api: the output ending of every command (D-API-OUTPUT)', () => {
  beforeEach(async () => {
    server = await startTestServer(fixtureSeed());
  });

  it('--jq filters the answer (strings raw, as jq -r)', async () => {
    const r = await fp(['api', '/api/v1/portal', '--jq', '.data.title']);
    expect([r.code, r.out]).toEqual([0, 'Test Portal\n']);
  });

  it('--fields keeps those fields of each record of the data; the rest of the answer stays', async () => {
    const r = await fp(['api', 'posts?limit=1', '--fields', 'id,title']);
    expect(r.err).toBe('');
    const body = r.io.json();
    expect(body.data.map((p: object) => Object.keys(p))).toEqual([['id', 'title']]);
    expect(body.hasMore).toBe(true);
    const one = await fp(['api', 'portal', '--fields', 'title', '--jq', '.data']);
    expect(one.io.json()).toEqual({ title: 'Test Portal' });
  });

  it('--fields names an unknown field: exit 2 with the available ones', async () => {
    const r = await fp(['api', 'portal', '--fields', 'titel']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: unknown field titel for --fields; available: .*title/);
  });

  it('--json prints the answer as JSON even piped; --format ndjson on one line', async () => {
    const r = await fp(['api', 'portal', '--json']);
    expect(r.out).toMatch(/^\{\n {2}"data": \{/);
    const nd = await fp(['api', 'portal', '--format', 'ndjson']);
    expect(nd.out.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(nd.out).data.title).toBe('Test Portal');
  });

  it('--format csv or table is refused: fp api prints JSON', async () => {
    const r = await fp(['api', 'portal', '--format', 'csv']);
    expect([r.code, r.err]).toEqual([
      2,
      'error: fp api prints JSON: --format csv is not one of its formats (json, ndjson)\n',
    ]);
  });

  it('--silent prints no body: exit 0 on success, 1 with the error on stderr on a 404 (D-API-SILENT)', async () => {
    const ok = await fp(['api', 'portal', '--silent']);
    expect([ok.code, ok.out, ok.err]).toEqual([0, '', '']);
    const missing = await fp(['api', 'posts/zzzzz', '--silent']);
    expect(missing.code).toBe(1);
    expect(missing.out).toBe('');
    expect(missing.err).toMatch(/^error: post zzzzz not found \(404\)/);
  });

  it('--slurp without --paginate is a usage error', async () => {
    const r = await fp(['api', 'posts', '--slurp']);
    expect([r.code, r.err]).toEqual([2, 'error: --slurp gathers the pages of --paginate: add --paginate\n']);
  });
});

describe('fp api -H (D-API-OUTPUT)', () => {
  let seen: import('node:http').IncomingHttpHeaders | undefined;
  let echo: import('node:http').Server;
  let base = '';
  beforeEach(async () => {
    const { createServer } = await import('node:http');
    echo = createServer((req, res) => {
      seen = req.headers;
      res.setHeader('content-type', 'application/json');
      res.end('{"data":{}}');
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(echo.address() as import('node:net').AddressInfo).port}`;
  });
  afterEach(() => new Promise((r) => echo.close(r)));

  it('sends each header given (repeatable); a later one of the same name wins', async () => {
    const r = await fp(['api', 'portal', '-H', 'X-Trace: abc', '-H', 'Accept-Language: de', '-H', 'x-trace: def'], {
      baseUrl: base,
    });
    expect(r.code).toBe(0);
    expect(seen?.['x-trace']).toBe('def');
    expect(seen?.['accept-language']).toBe('de');
    expect(seen?.authorization).toBe(`Bearer ${ADMIN_KEY}`);
  });

  it('a line that is not `name: value` is a usage error, nothing sent', async () => {
    seen = undefined;
    const r = await fp(['api', 'portal', '-H', 'no colon here'], { baseUrl: base });
    expect(r.code).toBe(2);
    expect(r.err).toContain(`expected 'name: value', got "no colon here"`);
    expect(seen).toBeUndefined();
  });
});

describe('fp api --paginate: each page, --slurp and --jq (D-API-PAGINATE)', () => {
  beforeEach(async () => {
    server = await startTestServer(seedWith(55));
  });

  it('--jq runs on each page as it arrives', async () => {
    const r = await fp(['api', 'posts', '--paginate', '-F', 'limit=20', '--jq', '.data | length']);
    expect([r.code, r.out]).toEqual([0, '20\n20\n17\n']);
  });

  it('--slurp prints the pages, whole, as one array; --jq then runs once over it', async () => {
    const r = await fp(['api', 'posts', '--paginate', '--slurp', '-F', 'limit=20']);
    const pages = r.io.json();
    expect(pages.map((p: { data: unknown[]; hasMore: boolean }) => [p.data.length, p.hasMore])).toEqual([
      [20, true],
      [20, true],
      [17, false],
    ]);
    const sum = await fp(['api', 'posts', '--paginate', '--slurp', '--jq', 'map(.data | length) | add']);
    expect(sum.out).toBe('57\n');
  });

  it('--fields keeps those fields of every item; --format ndjson prints one a line', async () => {
    const r = await fp(['api', 'posts', '--paginate', '--fields', 'id', '--format', 'ndjson']);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(57);
    expect(Object.keys(JSON.parse(lines[0]))).toEqual(['id']);
  });

  it('--silent follows every page and prints nothing', async () => {
    const r = await fp(['api', 'posts', '--paginate', '--silent']);
    expect([r.code, r.out, r.err]).toEqual([0, '', '']);
  });
});

describe('fp api --paginate over the moderation queues (D-API-PAGINATE)', () => {
  beforeEach(async () => {
    server = await startTestServer(moderationSeed());
  });

  it('follows the pending queue by its id cursors: every pending post and comment once', async () => {
    const r = await fp(['api', 'moderation/pending', '--paginate']);
    expect(r.code).toBe(0);
    const items = r.io.json() as Array<{ id: string | number }>;
    expect(items).toHaveLength(26 + 23);
    expect(new Set(items.map((i) => JSON.stringify(i.id))).size).toBe(49);
    const pages = await fp([
      'api',
      'moderation/pending',
      '--paginate',
      '--jq',
      '"\\(.data.posts | length) \\(.data.comments | length)"',
    ]);
    expect(pages.out).toBe('20 20\n6 3\n');
  });

  it('follows the rejected queue by page number', async () => {
    const r = await fp(['api', 'moderation/rejected', '--paginate', '--slurp', '--jq', 'map(.meta.current_page)']);
    expect(JSON.parse(r.out)).toEqual([1, 2]);
    const all = await fp(['api', 'moderation/rejected', '--paginate', '--jq', '.data.posts[].id']);
    expect(all.out.trimEnd().split('\n')).toHaveLength(26);
  });
});
