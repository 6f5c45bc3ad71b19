import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { multipartBody } from '../../../src/client/multipart-body.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let dir: string;
let uploads: string;
let server: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-upload-limits-'));
  uploads = await mkdtemp(join(tmpdir(), 'fp-upload-limits-tmp-'));
  server = await startTestServer(undefined, { uploadTmpDir: uploads });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  await rm(uploads, { recursive: true, force: true });
});

async function zipOf(files: Record<string, string>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const path = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(path, await buffer(zip.outputStream));
  return path;
}

async function preview(filePath: string) {
  const { body, contentType, contentLength } = await multipartBody([
    { name: 'tab_id', value: '3' },
    { name: 'file', filePath, contentType: 'application/zip' },
  ]);
  const res = await request(`${server.url}/api/v1/knowledgebase/sync/preview`, {
    method: 'POST',
    body,
    headers: {
      authorization: `Bearer ${ADMIN_KEY}`,
      'content-type': contentType,
      'content-length': String(contentLength),
    },
  });
  return { status: res.statusCode, body: (await res.body.json()) as unknown };
}

const refused = (message: string) => ({ message, errors: { file: [message] } });

describe('what an upload may make the server hold is refused with 422 naming the entry and the limit', () => {
  it('billion-laughs front matter is 422, not 500', async () => {
    const laughs = [
      'a: &a [1,1,1,1,1,1,1,1,1,1]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    ];
    const res = await preview(await zipOf({ 'laughs.md': `---\n${laughs.join('\n')}\n---\n` }));
    expect(res).toEqual({
      status: 422,
      body: refused('Entry "laughs.md": front matter expands aliases more than 100 times.'),
    });
  });

  it('an article with more than 1,000 links is 422', async () => {
    const links = Array.from({ length: 1001 }, (_, i) => `[l${i}](https://docs.example.com/${i})`).join('\n');
    const res = await preview(await zipOf({ 'many.md': `---\ntitle: Many\n---\n${links}` }));
    expect(res).toEqual({
      status: 422,
      body: refused('Entry "many.md": has 1001 links; at most 1000 are allowed per article.'),
    });
    const fine = await preview(
      await zipOf({ 'many.md': `---\ntitle: Many\n---\n${links.split('\n').slice(1).join('\n')}` }),
    );
    expect(fine.status).toBe(200);
  });

  it('leaves no temp file behind', async () => {
    expect(await readdir(uploads)).toEqual([]);
  });
});
