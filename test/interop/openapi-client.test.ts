import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

/**
 * openapi-typescript 7.13.0 generates types from docs/openapi.json; a client written with
 * openapi-fetch 0.17.0 against them compiles with `tsc --strict` and, run, makes real calls
 * of `fp server` (reads, a write in JSON and one as a form, a typed error).
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const [baseUrl, key] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } });
const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

const portal = await client.GET('/api/v1/portal');
const posts = await client.GET('/api/v1/posts', { params: { query: { limit: 2, order_direction: 'asc' } } });
const made = await client.POST('/api/v1/categories', { body: { name: 'Interop' } });
const id = made.data?.data.id;
if (made.data === undefined || id == null) throw new Error('no category made');
const renamed = await client.PATCH('/api/v1/categories/{id}', {
  params: { path: { id } },
  body: { name: 'Interop, renamed', color: '#112233' },
});
const asForm = await client.POST('/api/v1/categories', {
  body: { name: 'Sent as a form' },
  bodySerializer: form,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const removed = await client.DELETE('/api/v1/categories/{id}', { params: { path: { id } } });
const missing = await client.GET('/api/v1/posts/{key}', { params: { path: { key: 'zz999' } } });
const message: string | undefined = missing.error?.message;
const rejected = await client.GET('/api/v1/moderation/rejected', { params: { query: { page: 1 } } });

console.log(JSON.stringify({
  portal: [portal.response.status, portal.data?.data.title],
  posts: [posts.response.status, posts.data?.data.length],
  made: [made.response.status, made.data.data.name],
  renamed: [renamed.response.status, renamed.data?.data.name],
  asForm: [asForm.response.status, asForm.data?.data.name],
  removed: removed.response.status,
  missing: [missing.response.status, message],
  rejected: rejected.response.status,
}));
`;

let server: FpServer;
let dir: string;
beforeAll(async () => {
  server = await startFpServer();
  dir = mkdtempSync(join(tmpdir(), 'fp-interop-openapi-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('openapi-typescript 7.13.0 and openapi-fetch 0.17.0', () => {
  it('generate a client from docs/openapi.json that compiles with tsc --strict and makes real calls of fp server', async () => {
    const ast = await openapiTS(pathToFileURL(join(root, 'docs', 'openapi.json')));
    writeFileSync(join(dir, 'schema.ts'), astToString(ast));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const options = ['--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    const compiled = await run(
      process.execPath,
      [tsc, ...options, '--skipLibCheck', '--outDir', join(dir, 'out'), join(dir, 'client.ts')],
      {
        cwd: dir,
      },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout, failed: true }));
    expect(compiled.stdout).toBe('');
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'client.js'), server.url, ADMIN_KEY], {
      cwd: dir,
    });
    expect(JSON.parse(stdout)).toEqual({
      portal: [200, expect.any(String)],
      posts: [200, 2],
      made: [200, 'Interop'],
      renamed: [200, 'Interop, renamed'],
      asForm: [200, 'Sent as a form'],
      removed: 200,
      missing: [404, expect.stringMatching(/^No query results for model/)],
      rejected: 200,
    });
  }, 120_000);
});
