import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { multipartBody, type MultipartPart } from '../../../src/client/multipart-body.js';
import { ADMIN_KEY, fixtureSeed } from '../../support/fixture-seed.js';
import { GIF, NOT_AN_IMAGE, SVG, png } from '../../support/images.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

// D-KB-IMAGES and D-KB-INSTRUCTION-FILES through the reference server: an archive's images are
// stored, served under the portal and linked into the articles; an export gives them back.

let workDir: string;
let server: TestServer;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'fp-kb-images-test-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startTestServer(fixtureSeed(), { now: () => new Date('2026-06-02T00:00:00.000Z') });
});
afterEach(() => server.close());

type Entry = { name: string; data: string | Buffer };

let files = 0;
async function zipOf(entries: Entry[]): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const { name, data } of entries) zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'), name);
  zip.end();
  const path = join(workDir, `upload-${files++}.zip`);
  await writeFile(path, await buffer(zip.outputStream));
  return path;
}

async function upload(op: 'preview' | 'execute', filePath: string) {
  const parts: MultipartPart[] = [
    { name: 'tab_id', value: '3' },
    { name: 'file', filePath, contentType: 'application/zip' },
  ];
  const { body, contentType, contentLength } = await multipartBody(parts);
  const res = await request(`${server.url}/api/v1/knowledgebase/sync/${op}`, {
    method: 'POST',
    body,
    headers: {
      authorization: `Bearer ${ADMIN_KEY}`,
      accept: 'application/json',
      'content-type': contentType,
      'content-length': String(contentLength),
    },
  });
  return { status: res.statusCode, body: (await res.body.json()) as any };
}

async function exportBytes(): Promise<Buffer> {
  const res = await request(`${server.url}/api/v1/knowledgebase/sync/export?tab_id=3`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
  });
  return Buffer.from(await res.body.arrayBuffer());
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry())
    out.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return out;
}

/** An image route answer; no API key: an article's reader has none. */
async function fetchImage(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' | 'POST' = 'GET') {
  const res = await request(server.url + path, { method, headers });
  return { status: res.statusCode, headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) };
}

const LOGO = png(10, 20, 30);
const DIAGRAM = png(200, 0, 0);

/** The help tab's section 10 (getting-started) as exported, with images added as people add them. */
const FOLDER: Entry[] = [
  { name: 'getting-started/_index.md', data: '---\nid: 10\nname: Getting started\nsort_order: 1\n---\n' },
  {
    name: 'getting-started/installation.md',
    data: '---\nid: kb001\ntitle: Installation\nsort_order: 5\n---\nSee [docs](https://docs.example.test/install).',
  },
  { name: 'getting-started/advanced/_index.md', data: '---\nid: 11\nname: Advanced\nsort_order: 2\n---\n' },
  {
    name: 'getting-started/screens.md',
    data: '---\ntitle: Screens\n---\n![Logo](../images/logo.png)\n\n![Diagram](diagram.png "The flow")\n',
  },
  { name: 'getting-started/diagram.png', data: DIAGRAM },
  { name: 'images/logo.png', data: LOGO },
  { name: 'CLAUDE.md', data: '# My own instructions\n' },
  { name: '.cursorrules', data: 'Be brief.\n' },
];

describe('D-KB-IMAGES sync with images', () => {
  it('preview lists the images to add, the article with its links, and the instruction files left alone', async () => {
    const res = await upload('preview', await zipOf(FOLDER));
    expect(res.status).toBe(200);
    expect(res.body.data.articles.create).toEqual([{ id: null, title: 'Screens', path: 'getting-started/screens.md' }]);
    expect(res.body.data.images).toEqual({
      create: [
        {
          path: 'getting-started/diagram.png',
          url: '/storage/kb/3/getting-started/diagram.png',
          content_type: 'image/png',
          bytes: DIAGRAM.length,
        },
        { path: 'images/logo.png', url: '/storage/kb/3/logo.png', content_type: 'image/png', bytes: LOGO.length },
      ],
      update: [],
      delete: [],
      unchanged: [],
    });
    expect(res.body.data.instruction_files).toEqual(['.cursorrules', 'CLAUDE.md']);
    expect(server.store.portals[0].kbImages.ofTab(3)).toEqual([]);
  });

  it('execute stores the images, links them into the article, and the portal serves them with no key', async () => {
    const res = await upload('execute', await zipOf(FOLDER));
    expect(res.status).toBe(200);
    expect(res.body.data.applied.images.create.map((i: { url: string }) => i.url)).toEqual([
      '/storage/kb/3/getting-started/diagram.png',
      '/storage/kb/3/logo.png',
    ]);
    const key = res.body.data.applied.articles.create[0].id;
    expect(server.store.portals[0].posts.get(key)!.description).toBe(
      '![Logo](/storage/kb/3/logo.png)\n\n![Diagram](/storage/kb/3/getting-started/diagram.png "The flow")\n',
    );

    const logo = await fetchImage('/storage/kb/3/logo.png');
    expect(logo.status).toBe(200);
    expect(logo.bytes.equals(LOGO)).toBe(true);
    expect(logo.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(LOGO.length),
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
    });
    expect((await fetchImage('/storage/kb/3/logo.png', { 'if-none-match': String(logo.headers.etag) })).status).toBe(
      304,
    );
    const head = await fetchImage('/storage/kb/3/logo.png', {}, 'HEAD');
    expect([head.status, head.bytes.length, head.headers['content-length']]).toEqual([200, 0, String(LOGO.length)]);
    expect((await fetchImage('/storage/kb/3/logo.png', {}, 'POST')).status).toBe(405);
    for (const missing of [
      '/storage/kb/3/nope.png',
      '/storage/kb/1/logo.png',
      '/storage/kb/3/%E0.png',
      '/storage/kb/3/',
    ]) {
      const r = await fetchImage(missing);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.bytes.toString()).message).toMatch(/^The route storage\/kb\/.* could not be found\.$/);
    }
    // Another portal's host names another portal: its tab 3 keeps no images.
    expect((await fetchImage('/storage/kb/3/logo.png', { host: 'other.localhost' })).status).toBe(404);
  });

  it('export gives the images back under images/ with the links relative; a round trip is byte-stable', async () => {
    await upload('execute', await zipOf(FOLDER));
    const first = await exportBytes();
    const entries = await unzip(first);
    expect(entries.get('images/logo.png')!.equals(LOGO)).toBe(true);
    expect(entries.get('images/getting-started/diagram.png')!.equals(DIAGRAM)).toBe(true);
    expect(entries.get('getting-started/screens.md')!.toString()).toMatch(
      /\n---\n!\[Logo\]\(\.\.\/images\/logo\.png\)\n\n!\[Diagram\]\(\.\.\/images\/getting-started\/diagram\.png "The flow"\)\n$/,
    );

    const again = await upload('preview', await zipOf([...entries].map(([name, data]) => ({ name, data }))));
    expect(again.body.data.summary).toEqual({ create: 0, update: 0, delete: 0 });
    expect(again.body.data.images.unchanged).toHaveLength(2);
    expect(again.body.data.images).toMatchObject({ create: [], update: [], delete: [] });

    await upload('execute', await zipOf([...entries].map(([name, data]) => ({ name, data }))));
    expect((await exportBytes()).equals(first)).toBe(true);
  });

  it('a changed image is an update, a missing one a removal; execute applies both', async () => {
    await upload('execute', await zipOf(FOLDER));
    const changed = FOLDER.filter((e) => e.name !== 'getting-started/diagram.png').map((e) =>
      e.name === 'images/logo.png' ? { ...e, data: GIF } : e,
    );
    const plan = (await upload('preview', await zipOf(changed))).body.data;
    expect(plan.images).toMatchObject({
      create: [],
      update: [{ path: 'images/logo.png', content_type: 'image/gif', bytes: GIF.length }],
      delete: [{ path: 'images/getting-started/diagram.png', url: '/storage/kb/3/getting-started/diagram.png' }],
    });
    await upload('execute', await zipOf(changed));
    expect((await fetchImage('/storage/kb/3/logo.png')).headers['content-type']).toBe('image/gif');
    expect((await fetchImage('/storage/kb/3/getting-started/diagram.png')).status).toBe(404);
  });

  it.each([
    ['a text file named .png', 'images/logo.png', NOT_AN_IMAGE, 'is not an image of an accepted type'],
    ['an SVG', 'images/logo.svg', SVG, 'is not an image of an accepted type'],
    [
      'an image over 10 MB',
      'images/big.png',
      Buffer.concat([LOGO, Buffer.alloc(10 * 1024 * 1024)]),
      'image is over the limit of 10 MB.',
    ],
  ])('refuses %s with 422 naming the entry, and applies nothing', async (_label, name, data, problem) => {
    const entries = [...FOLDER.filter((e) => e.name !== 'images/logo.png'), { name, data }];
    const before = server.store.portals[0].posts.inTab(3).length;
    const res = await upload('execute', await zipOf(entries));
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(`Entry "${name}": ${problem}`);
    expect(res.body.errors).toEqual({ file: [res.body.message] });
    expect(server.store.portals[0].posts.inTab(3)).toHaveLength(before);
    expect(server.store.portals[0].kbImages.ofTab(3)).toEqual([]);
  });
});

describe('D-KB-INSTRUCTION-FILES', () => {
  it('CLAUDE.md and .cursorrules are never articles: an archive of only them and the tab plans no create', async () => {
    const res = await upload('preview', await zipOf(FOLDER.filter((e) => !/screens|\.png$/.test(e.name))));
    expect(res.body.data.articles.create).toEqual([]);
    expect(res.body.data.instruction_files).toEqual(['.cursorrules', 'CLAUDE.md']);
  });
});
