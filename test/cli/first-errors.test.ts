import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/errors.js';
import { notFoundText } from '../../src/client/api-words.js';
import { describeFailure } from '../../src/cli/errors.js';
import { main } from '../../src/cli/main.js';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { fakeIO, runMain } from '../support/fake-io.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The errors a newcomer meets first: each says what went wrong in fp's words and what to do. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a 404 of a model', () => {
  it('says which item was not found, without the framework internals', async () => {
    const r = await runMain(server.url, ['comments', 'list', 'zzzzz']);
    expect([r.code, r.err]).toEqual([1, 'error: post zzzzz not found (404)\n']);
    expect(notFoundText('No query results for model [App\\Models\\KnowledgebaseTab] 7')).toBe(
      'knowledgebase tab 7 not found',
    );
    expect(notFoundText('No query results for model [App\\Models\\Post].')).toBe('post not found');
    expect(notFoundText('The given data was invalid.')).toBeUndefined();
  });

  it('--json and --debug keep the message as sent; --debug also shows the body', async () => {
    const json = await runMain(server.url, ['comments', 'list', 'zzzzz', '--json']);
    expect(json.err).toBe('error: No query results for model [App\\Models\\Post] zzzzz (404)\n');
    const debug = await runMain(server.url, ['comments', 'list', 'zzzzz', '--debug']);
    expect(debug.err).toContain('< {"message":"No query results for model [App\\\\Models\\\\Post] zzzzz"}\n');
    expect(debug.err).toContain('error: No query results for model [App\\Models\\Post] zzzzz (404)\n');
  });
});

describe('a 422 whose message repeats a field error (Laravel words it so)', () => {
  it('is said once: the error line says the data was invalid, the field line says why', () => {
    const broken = 'Entry "a.md": front matter is not valid YAML (bad indent).';
    expect(describeFailure(new ApiError(422, broken, { file: [broken] })).lines).toEqual([
      'error: The given data was invalid. (422)',
      `  file: ${broken}`,
    ]);
    const two = new ApiError(422, 'The name field is required. (and 1 more error)', {
      name: ['The name field is required.'],
      color: ['The color field must be a valid hexadecimal color.'],
    });
    expect(describeFailure(two).lines).toEqual([
      'error: The given data was invalid. (422)',
      '  name: The name field is required.',
      '  color: The color field must be a valid hexadecimal color.',
    ]);
    // A message of its own stays.
    expect(describeFailure(new ApiError(422, 'The post is already approved.')).lines).toEqual([
      'error: The post is already approved. (422)',
    ]);
  });
});

describe('the portal address', () => {
  it('https against a server that speaks plain HTTP: says so and gives the http:// address', async () => {
    const https = server.url.replace(/^http:/, 'https:');
    const r = await runMain(https, ['portal', 'get']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `error: ${new URL(server.url).host} does not speak TLS (https): it answered in plain HTTP. Use ${server.url} instead\n`,
    );
  });

  it('a base URL ending in /api/v1 is the portal itself: fp adds the API path once', async () => {
    for (const base of [`${server.url}/api/v1`, `${server.url}/api/v1/`]) {
      const r = await runMain(base, ['portal', 'get', '--json']);
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out).title).toBe('Test Portal');
    }
  });

  it('a base URL with a path the portal does not serve: the 404 comes with a hint at the base URL', async () => {
    const r = await runMain(`${server.url}/foo`, ['portal', 'get']);
    expect([r.code, r.err]).toEqual([
      1,
      'error: The route foo/api/v1/portal could not be found. (404)\n' +
        `hint: the base URL ${server.url}/foo has a path (/foo) the portal does not answer under; fp adds /api/v1 itself: try ${server.url}\n`,
    ]);
    // Without a path, a route the portal lacks is just that: no hint.
    const plain = await runMain(server.url, ['api', 'nosuch']);
    expect(plain.err).not.toContain('hint:');
  });

  it('a base URL without its scheme is refused with the address meant', async () => {
    const bare = server.url.replace(/^http:\/\//, '');
    const r = await runMain(bare, ['portal', 'get']);
    expect([r.code, r.err]).toEqual([
      2,
      `error: invalid base URL "${bare}": give its scheme too, as in http://${bare}\n`,
    ]);
    const named = await runMain('feedback.example.com', ['portal', 'get']);
    expect(named.err).toBe(
      'error: invalid base URL "feedback.example.com": give its scheme too, as in https://feedback.example.com\n',
    );
  });
});

describe('fp server', () => {
  it('--seed dmeo: no such file, and the built-in seed it is closest to', async () => {
    const io = fakeIO();
    expect(await main(['server', '--port', '0', '--seed', 'dmeo'], io)).toBe(2);
    expect(io.err()).toContain('hint: there is no such file; did you mean --seed demo (the built-in demo portal)?\n');
  });

  it('a busy port suggests --port 0', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const io = fakeIO();
      const port = (busy.address() as AddressInfo).port;
      expect(await main(['server', '--port', String(port), '--host', '127.0.0.1'], io)).toBe(1);
      expect(io.err()).toContain('EADDRINUSE');
      expect(io.err()).toContain('hint: another program listens there; --port 0 picks a free port');
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});

describe('arguments and flags', () => {
  it('moderation approve without post or comment says to give it first', async () => {
    const r = await runMain(server.url, ['moderation', 'approve', 'txmrb']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('give post or comment first, then the ids: fp moderation approve post txmrb');
    const none = await runMain(server.url, ['moderation', 'reject', 'comment']);
    expect([none.code, none.err]).toEqual([
      2,
      'error: missing ids: give post keys or comment ids after comment, or - to read them from stdin\n',
    ]);
  });

  it('fp mcp --toolsets with a slip suggests the toolset', async () => {
    const r = await runMain(server.url, ['mcp', '--toolsets', 'moderaton']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: unknown toolset moderaton; known: .* Did you mean "moderation"\?\n$/);
  });

  it('a refused --tab is named by the flag, not the API field', async () => {
    const r = await runMain(server.url, ['kb', 'link-health', 'results', '--tab', '999'], {
      env: { FP_API_KEY: ADMIN_KEY },
    });
    expect(r.code).toBe(1);
    expect(r.err).toContain('  --tab: ');
    expect(r.err).not.toContain('tab_id');
  });

  it('a tab id the portal refuses says which tab it is, as the name lookups do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-kb-'));
    const board = await runMain(server.url, ['kb', 'sync', 'preview', '--tab', '1', dir]);
    expect([board.code, board.err]).toEqual([
      1,
      'error: The given data was invalid. (422)\n' +
        '  --tab: tab 1 (Feedback) is a board tab, not a knowledge-base tab; valid knowledge-base tabs: help (Help center, id 3)\n',
    ]);
    const none = await runMain(server.url, ['kb', 'link-health', 'results', '--tab', '999']);
    expect(none.err).toContain('  --tab: no tab has the id 999; valid knowledge-base tabs: help (Help center, id 3)\n');
  });
});
