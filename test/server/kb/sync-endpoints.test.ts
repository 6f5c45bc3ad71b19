import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { endpoints } from '../../../src/contract/endpoints.js';
import { multipartBody, type MultipartPart } from '../../../src/client/multipart-body.js';
import { createApp } from '../../../src/server/app/create-app.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { openDatabase } from '../../../src/server/store/database.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { Store } from '../../../src/server/store/store.js';
import { ADMIN_KEY, ANN, BOB, CARA, fixtureSeed } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const OLGA = '44444444-4444-4444-8444-444444444444';
const MB = 1024 * 1024;
const LIMIT_BYTES = 102_400 * 1024;

/**
 * The fixture's help tab (3: sections 10 > 11, article kb001 in 10) plus a tab
 * description and a root article kb002 with comments, a reference and a vote;
 * the other portal gets a knowledge-base tab of its own (section 50, article oth01).
 */
function syncSeed(): SeedFile {
  const seed = fixtureSeed();
  const [main, other] = seed.portals;
  main.tabs![2].description = 'Welcome to the help center.\n';
  main.sections![0].description = 'First steps.\n';
  main.posts!.push({
    key: 'kb002',
    database_id: 6,
    title: 'Troubleshooting',
    description: 'Restart it.\n',
    author_id: ANN,
    tab_id: 3,
    sort_order: 1,
    created_at: '2026-02-06T00:00:00Z',
  });
  main.comments!.push(
    { id: 200, post_key: 'kb002', user_id: BOB, comment: 'Did not help', created_at: '2026-02-07T00:00:00Z' },
    {
      id: 201,
      post_key: 'kb002',
      user_id: CARA,
      comment: 'Try again',
      parent_id: 200,
      created_at: '2026-02-08T00:00:00Z',
    },
  );
  main.references = [
    {
      id: 1,
      post_key: 'kb002',
      reference: 'TICKET-1',
      created_at: '2026-02-07T00:00:00Z',
      updated_at: '2026-02-07T00:00:00Z',
    },
  ];
  main.anonymous_votes = [
    { post_key: 'kb002', anonymous_id: 'anon-1', created_at: '2026-02-07T00:00:00Z' },
    { post_key: 'dark1', anonymous_id: 'anon-1', created_at: '2026-02-07T00:00:00Z' },
  ];
  other.users![0].id = OLGA;
  other.tabs = [{ id: 7, slug: 'docs', name: 'Docs', type: 'knowledge_base' }];
  other.sections = [{ id: 50, tab_id: 7, slug: 'other-section', name: 'Other section' }];
  other.posts = [{ key: 'oth01', title: 'Other article', author_id: OLGA, tab_id: 7, section_id: 50 }];
  return seed;
}

let uploadDir: string;
let workDir: string;
let server: TestServer;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'fp-kb-sync-test-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));
beforeEach(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'fp-kb-uploads-'));
  server = await startTestServer(syncSeed(), {
    uploadTmpDir: uploadDir,
    now: () => new Date('2026-06-02T00:00:00.000Z'),
  });
});
// Every outcome, accepted or refused, must leave no upload behind.
afterEach(async () => {
  await server.close();
  expect(await readdir(uploadDir)).toEqual([]);
  await rm(uploadDir, { recursive: true, force: true });
});

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const archiveError = (message: string) => ({ message, errors: { file: [message] } });
const portal = () => server.store.portals[0];

// --- archives ------------------------------------------------------------------

type Entry = { name: string; text: string };

async function exportTab(tabId: number | string = 3) {
  const res = await request(`${server.url}/api/v1/knowledgebase/sync/export?tab_id=${tabId}`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}`, accept: 'application/json' },
  });
  return { status: res.statusCode, headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) };
}

function unzip(bytes: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries: Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          buffer(stream).then((b) => {
            entries.push({ name: entry.fileName, text: b.toString('utf8') });
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

let files = 0;
async function saveFile(bytes: Buffer): Promise<string> {
  const path = join(workDir, `upload-${files++}.zip`);
  await writeFile(path, bytes);
  return path;
}

/** A ZIP of the entries. yazl refuses unsafe names, so `rename` swaps in one of the same byte length afterwards. */
async function zipOf(entries: Entry[], rename: Record<string, string> = {}): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const { name, text } of entries) zip.addBuffer(Buffer.from(text, 'utf8'), name);
  zip.end();
  const bytes: Buffer = await buffer(zip.outputStream);
  for (const [from, to] of Object.entries(rename)) {
    for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + 1)) bytes.write(to, at);
  }
  return saveFile(bytes);
}

async function exportedEntries(): Promise<Entry[]> {
  return unzip((await exportTab()).bytes);
}

// --- uploads -------------------------------------------------------------------

interface Upload {
  tabId?: string | null;
  filePath?: string;
  extra?: MultipartPart[];
}

async function upload(op: 'preview' | 'execute', { tabId = '3', filePath, extra = [] }: Upload) {
  const parts: MultipartPart[] = [];
  if (tabId !== null) parts.push({ name: 'tab_id', value: tabId });
  parts.push(...extra);
  if (filePath !== undefined) parts.push({ name: 'file', filePath, contentType: 'application/zip' });
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
  return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as any };
}

const confirm = (name: 'delete_confirmed[]' | 'delete_sections_confirmed[]', ...values: string[]): MultipartPart[] =>
  values.map((value) => ({ name, value }));

const UNCHANGED_SECTIONS = [
  { id: 10, title: 'Getting started', path: 'getting-started' },
  { id: 11, title: 'Advanced', path: 'getting-started/advanced' },
];
const UNCHANGED_ARTICLES = [
  { id: 'kb001', database_id: 5, title: 'Installation', path: 'getting-started/installation.md' },
  { id: 'kb002', database_id: 6, title: 'Troubleshooting', path: 'troubleshooting.md' },
];

const NO_IMAGES = { create: [], update: [], delete: [], unchanged: [] };
/** The AI instruction files every export carries: listed, never articles (D-KB-INSTRUCTION-FILES). */
const INSTRUCTIONS = ['.cursorrules', 'CLAUDE.md'];

/** Every item of the exported archive is listed as unchanged, with its id and path. */
const NO_CHANGE = {
  tab: { changes: [] },
  sections: { create: [], update: [], delete: [], unchanged: UNCHANGED_SECTIONS },
  articles: { create: [], update: [], delete: [], unchanged: UNCHANGED_ARTICLES },
  summary: { create: 0, update: 0, delete: 0 },
  images: NO_IMAGES,
  instruction_files: INSTRUCTIONS,
};

// --- export --------------------------------------------------------------------

describe('sync export', () => {
  it('R-KB-EXPORT D-KB-EXPORT downloads the tab as a ZIP attachment named after the tab slug', async () => {
    const res = await exportTab();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="help.zip"');
    expect(res.bytes.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));
  });

  it('sections are folders with _index.md, articles are <slug>.md files with front matter', async () => {
    const entries = await unzip((await exportTab()).bytes);
    expect(entries.slice(0, 2).map((e) => e.name)).toEqual(['CLAUDE.md', '.cursorrules']);
    expect(entries.slice(2)).toEqual([
      { name: '_index.md', text: 'Welcome to the help center.\n' },
      { name: 'troubleshooting.md', text: '---\nid: kb002\ntitle: Troubleshooting\nsort_order: 1\n---\nRestart it.\n' },
      {
        name: 'getting-started/_index.md',
        text: '---\nid: 10\nname: Getting started\nsort_order: 1\n---\nFirst steps.\n',
      },
      {
        name: 'getting-started/installation.md',
        text: '---\nid: kb001\ntitle: Installation\nsort_order: 5\n---\nSee [docs](https://docs.example.test/install).',
      },
      { name: 'getting-started/advanced/_index.md', text: '---\nid: 11\nname: Advanced\nsort_order: 2\n---\n' },
    ]);
  });

  it('export: tab_id is required', async () => {
    const res = await server.request('GET', '/api/v1/knowledgebase/sync/export');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab_id: ['The tab id field is required.'] }));
  });

  it.each([
    ['an unknown tab', '999'],
    ['a board tab', '1'],
    ["another portal's knowledge-base tab", '7'],
  ])('D-KB-TAB export: %s is The selected tab id is invalid.', async (_label, tabId) => {
    const res = await server.request('GET', `/api/v1/knowledgebase/sync/export?tab_id=${tabId}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab_id: ['The selected tab id is invalid.'] }));
  });
});

// --- preview -------------------------------------------------------------------

/** The export with kb001's body edited, a new article and a new section added, kb002 and section 11 removed. */
async function editedArchive(): Promise<string> {
  const entries = (await exportedEntries())
    .filter((e) => e.name !== 'troubleshooting.md' && e.name !== 'getting-started/advanced/_index.md')
    .map((e) =>
      e.name === 'getting-started/installation.md'
        ? { ...e, text: e.text.replace('See [docs]', 'Read [the docs]') }
        : e,
    );
  entries.push(
    { name: 'getting-started/faq.md', text: '---\ntitle: FAQ\n---\nQuestions.\n' },
    { name: 'billing/_index.md', text: '---\nname: Billing\nsort_order: 3\n---\nMoney.\n' },
  );
  return zipOf(entries);
}

const EDIT_PLAN = {
  tab: { changes: [] },
  sections: {
    create: [{ id: null, title: 'Billing', path: 'billing' }],
    update: [],
    delete: [{ id: 11, title: 'Advanced', path: 'getting-started/advanced' }],
    unchanged: [UNCHANGED_SECTIONS[0]],
  },
  articles: {
    create: [{ id: null, title: 'FAQ', path: 'getting-started/faq.md' }],
    update: [
      {
        id: 'kb001',
        database_id: 5,
        title: 'Installation',
        path: 'getting-started/installation.md',
        changes: ['body'],
      },
    ],
    delete: [{ id: 'kb002', database_id: 6, title: 'Troubleshooting', path: 'troubleshooting.md' }],
    unchanged: [],
  },
  summary: { create: 2, update: 1, delete: 2 },
  images: NO_IMAGES,
  instruction_files: INSTRUCTIONS,
};

describe('sync preview', () => {
  it('a round trip is lossless: preview of the exported archive reports no change', async () => {
    const res = await upload('preview', { filePath: await saveFile((await exportTab()).bytes) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: NO_CHANGE });
  });

  it('R-KB-PREVIEW preview reports exactly what was edited, added and removed, and changes nothing', async () => {
    const before = JSON.stringify(server.store.state);
    const res = await upload('preview', { filePath: await editedArchive() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: EDIT_PLAN });
    expect(JSON.stringify(server.store.state)).toBe(before);
  });

  it('D-SYNC-PREVIEW preview reports title, section and order changes of an article and a changed tab description', async () => {
    const entries = (await exportedEntries()).map((e) => {
      if (e.name === '_index.md') return { ...e, text: 'New welcome.\n' };
      if (e.name === 'troubleshooting.md')
        return {
          name: 'getting-started/advanced/troubleshooting.md',
          text: e.text.replace('Troubleshooting', 'Fixes').replace('sort_order: 1', 'sort_order: 9'),
        };
      return e;
    });
    const res = await upload('preview', { filePath: await zipOf(entries) });
    expect(res.body).toEqual({
      data: {
        ...NO_CHANGE,
        tab: { changes: ['description'] },
        articles: {
          create: [],
          update: [
            {
              id: 'kb002',
              database_id: 6,
              title: 'Fixes',
              path: 'getting-started/advanced/troubleshooting.md',
              changes: ['title', 'section', 'order'],
            },
          ],
          delete: [],
          unchanged: [UNCHANGED_ARTICLES[0]],
        },
        summary: { create: 0, update: 2, delete: 0 },
      },
    });
  });
});

// --- execute -------------------------------------------------------------------

describe('sync execute', () => {
  it('D-SYNC-EXECUTE execute applies creates and updates and, without confirmation, skips every deletion', async () => {
    const res = await upload('execute', { filePath: await editedArchive() });
    expect(res.status).toBe(200);
    const faq = portal()
      .posts.list()
      .find((p) => p.title === 'FAQ')!;
    expect(res.body).toEqual({
      data: {
        applied: {
          tab: { changes: [] },
          sections: { create: [{ id: 51, title: 'Billing', path: 'billing' }], update: [], delete: [] },
          articles: {
            create: [{ id: faq.key, database_id: 7, title: 'FAQ', path: 'getting-started/faq.md' }],
            update: [
              {
                id: 'kb001',
                database_id: 5,
                title: 'Installation',
                path: 'getting-started/installation.md',
                changes: ['body'],
              },
            ],
            delete: [],
          },
          images: { create: [], update: [], delete: [] },
        },
        skipped: {
          sections: [{ id: 11, title: 'Advanced', path: 'getting-started/advanced' }],
          articles: [{ id: 'kb002', database_id: 6, title: 'Troubleshooting', path: 'troubleshooting.md' }],
        },
        summary: { created: 2, updated: 1, deleted: 0, skipped: 2 },
      },
    });
    expect(
      portal()
        .sections.list()
        .find((s) => s.id === 11),
    ).toBeDefined();
    expect(
      portal()
        .posts.list()
        .find((p) => p.key === 'kb002'),
    ).toBeDefined();
    expect(
      portal()
        .posts.list()
        .find((p) => p.key === 'kb001')!.description,
    ).toBe('Read [the docs](https://docs.example.test/install).');
    expect(
      portal()
        .sections.list()
        .find((s) => s.id === 51),
    ).toEqual({
      id: 51,
      tab_id: 3,
      slug: 'billing',
      name: 'Billing',
      parent_id: null,
      description: 'Money.\n',
      sort_order: 3,
    });
  });

  it('D-SYNC-CREATED a new article is a fresh approved post by the first admin, placed after its siblings', async () => {
    await upload('execute', { filePath: await editedArchive() });
    const faq = portal()
      .posts.list()
      .find((p) => p.title === 'FAQ')!;
    expect(faq.key).toMatch(/^[a-z0-9]{5}$/);
    expect(server.store.portals.flatMap((p) => p.posts.list()).filter((p) => p.key === faq.key)).toHaveLength(1);
    expect(faq).toEqual({
      key: faq.key,
      database_id: 7,
      title: 'FAQ',
      description: 'Questions.\n',
      author_id: ANN,
      tab_id: 3,
      section_id: 10,
      status_id: null,
      category_ids: [],
      tag_ids: [],
      moderation_status: 'approved',
      votes_count: 0,
      views_count: 0,
      platform: null,
      version: null,
      release: null,
      slug: 'faq',
      sort_order: 6,
      created_at: '2026-06-02T00:00:00.000Z',
      updated_at: '2026-06-02T00:00:00.000Z',
      latest_status_change_at: '2026-06-02T00:00:00.000Z',
      moderated_by: null,
      moderated_at: null,
      published: true,
    });
  });

  it('after execute, an export of the tab previews as no change', async () => {
    await upload('execute', { filePath: await editedArchive() });
    const res = await upload('preview', { filePath: await saveFile((await exportTab()).bytes) });
    const { sections, articles, ...rest } = res.body.data;
    expect(rest).toEqual({
      tab: { changes: [] },
      summary: { create: 0, update: 0, delete: 0 },
      images: NO_IMAGES,
      instruction_files: INSTRUCTIONS,
    });
    expect(sections).toMatchObject({ create: [], update: [], delete: [] });
    expect(articles).toMatchObject({ create: [], update: [], delete: [] });
    expect(sections.unchanged.map((s: { path: string }) => s.path)).toEqual([
      'billing',
      'getting-started',
      'getting-started/advanced',
    ]);
  });

  it('R-KB-EXECUTE confirmed deletions are applied: delete_confirmed takes post ids, delete_sections_confirmed section ids', async () => {
    const res = await upload('execute', {
      filePath: await editedArchive(),
      extra: [...confirm('delete_confirmed[]', '6'), ...confirm('delete_sections_confirmed[]', '11')],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.applied.sections.delete).toEqual([
      { id: 11, title: 'Advanced', path: 'getting-started/advanced' },
    ]);
    expect(res.body.data.applied.articles.delete).toEqual([
      { id: 'kb002', database_id: 6, title: 'Troubleshooting', path: 'troubleshooting.md' },
    ]);
    expect(res.body.data.skipped).toEqual({ sections: [], articles: [] });
    expect(res.body.data.summary).toEqual({ created: 2, updated: 1, deleted: 2, skipped: 0 });
    expect(
      portal()
        .sections.list()
        .map((s) => s.id),
    ).toEqual([10, 20, 51]);
    expect(
      portal()
        .posts.list()
        .map((p) => p.key),
    ).not.toContain('kb002');
  });

  it('D-SYNC-FIELDS delete_confirmed also takes the post key', async () => {
    const res = await upload('execute', {
      filePath: await editedArchive(),
      extra: confirm('delete_confirmed[]', 'kb002'),
    });
    expect(res.body.data.applied.articles.delete).toEqual([
      { id: 'kb002', database_id: 6, title: 'Troubleshooting', path: 'troubleshooting.md' },
    ]);
    expect(res.body.data.skipped.sections).toEqual([{ id: 11, title: 'Advanced', path: 'getting-started/advanced' }]);
  });

  it('D-SYNC-DELETED a deleted article takes its comments, references and anonymous votes with it', async () => {
    await upload('execute', { filePath: await editedArchive(), extra: confirm('delete_confirmed[]', '6') });
    expect(
      portal()
        .comments.list()
        .filter((c) => c.post_key === 'kb002'),
    ).toEqual([]);
    expect(
      portal()
        .comments.list()
        .map((c) => c.id),
    ).toEqual([100, 101, 102, 103, 104, 105]);
    expect(portal().references.list()).toEqual([]);
    expect(
      portal()
        .votes.list()
        .map((v) => v.post_key),
    ).toEqual(['dark1']);
  });

  it('confirming an id that is not a deletion candidate deletes nothing', async () => {
    const res = await upload('execute', {
      filePath: await saveFile((await exportTab()).bytes),
      extra: [...confirm('delete_confirmed[]', '5', 'dark1'), ...confirm('delete_sections_confirmed[]', '10', '20')],
    });
    expect(res.body.data.summary).toEqual({ created: 0, updated: 0, deleted: 0, skipped: 0 });
    expect(portal().posts.list()).toHaveLength(6);
    expect(portal().sections.list()).toHaveLength(3);
  });

  it('D-SYNC-DURABILITY execute commits the sync durably to the data file', async () => {
    const dataFile = join(workDir, 'data.db');
    const db = openDatabase(dataFile);
    Store.seed(db, loadSeed(syncSeed(), new Date('2026-06-01T00:00:00Z')));
    const store = new Store(db);
    const durable = createApp({ store, services: { uploadTmpDir: uploadDir }, logError: () => {} });
    await new Promise<void>((resolve) => durable.listen(0, '127.0.0.1', resolve));
    const previous = server;
    server = { ...server, url: `http://127.0.0.1:${(durable.address() as AddressInfo).port}` };
    try {
      const res = await upload('execute', {
        filePath: await editedArchive(),
        extra: confirm('delete_confirmed[]', 'kb002'),
      });
      expect(res.status).toBe(200);
      const saved = new Store(openDatabase(dataFile)).state;
      const keys = saved.portals[0].posts.map((p: { key: string }) => p.key);
      expect(keys).toContain(res.body.data.applied.articles.create[0].id);
      expect(keys).not.toContain('kb002');
    } finally {
      server = previous;
      durable.closeAllConnections();
      await new Promise<void>((resolve) => durable.close(() => resolve()));
    }
  });
});

describe('section ids', () => {
  /** Runs `fn` with the upload helpers pointed at a server on `store`. */
  async function against(store: Store, fn: () => Promise<void>) {
    const app = createApp({ store, services: { uploadTmpDir: uploadDir }, logError: () => {} });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const previous = server;
    server = { ...server, store, url: `http://127.0.0.1:${(app.address() as AddressInfo).port}` };
    try {
      await fn();
    } finally {
      server = previous;
      app.closeAllConnections();
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  }

  it('D-SYNC-SECTION-IDS-NEVER-REUSED a section a sync deleted leaves its id unused, also after a restart', async () => {
    const dataFile = join(workDir, 'section-ids.db');
    const open = () => {
      const db = openDatabase(dataFile);
      if (Store.isEmpty(db)) Store.seed(db, loadSeed(syncSeed(), new Date('2026-06-01T00:00:00Z')));
      return new Store(db);
    };
    const billing = { name: 'billing/_index.md', text: '---\nname: Billing\n---\nMoney.\n' };
    const createdIds: number[] = [];
    /** Adds a Billing section, then syncs it away again. */
    const addAndRemove = async () => {
      const plain = await exportedEntries();
      const added = await upload('execute', { filePath: await zipOf([...plain, billing]) });
      const id = added.body.data.applied.sections.create[0].id;
      createdIds.push(id);
      const removed = await upload('execute', {
        filePath: await zipOf(plain),
        extra: confirm('delete_sections_confirmed[]', String(id)),
      });
      expect(removed.body.data.applied.sections.delete).toEqual([{ id, title: 'Billing', path: 'billing' }]);
    };
    const first = open();
    await against(first, async () => {
      await addAndRemove();
      await addAndRemove();
    });
    await first.commit();
    first.close();
    const again = open();
    await against(again, addAndRemove);
    again.close();
    expect(createdIds).toEqual([51, 52, 53]);
  });
});

describe('sync responses follow the contract schemas the client validates with', () => {
  it('preview and execute bodies parse with their endpoint response schemas', async () => {
    const filePath = await editedArchive();
    const preview = await upload('preview', { filePath });
    expect(endpoints['knowledgebase.preview'].response.safeParse(preview.body).success).toBe(true);
    const execute = await upload('execute', { filePath, extra: confirm('delete_confirmed[]', '6') });
    expect(execute.body.data.applied.articles.delete).toHaveLength(1);
    expect(endpoints['knowledgebase.execute'].response.safeParse(execute.body).success).toBe(true);
  });
});

// --- refused archives ------------------------------------------------------------

describe('bad archives are refused with 422 and a message naming the entry', () => {
  const refusedWithoutChange = async (filePath: string, message: string) => {
    const before = JSON.stringify(server.store.state);
    for (const op of ['preview', 'execute'] as const) {
      const res = await upload(op, { filePath });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(archiveError(message));
    }
    expect(JSON.stringify(server.store.state)).toBe(before);
  };

  it('D-SYNC-BAD-ARCHIVE a file that is not a ZIP', async () => {
    await refusedWithoutChange(await saveFile(Buffer.from('not a zip at all')), 'The file is not a valid ZIP archive.');
  });

  it('D-SYNC-BAD-ARCHIVE an entry path containing ..', async () => {
    const path = await zipOf([{ name: 'zz/x.md', text: 'x' }], { 'zz/x.md': '../x.md' });
    await refusedWithoutChange(path, 'Entry "../x.md": path must be relative and must not contain "..".');
  });

  it('an absolute entry path', async () => {
    const path = await zipOf([{ name: 'xabs.md', text: 'x' }], { 'xabs.md': '/abs.md' });
    await refusedWithoutChange(path, 'Entry "/abs.md": path must be relative and must not contain "..".');
  });

  it('front matter that is not closed', async () => {
    const path = await zipOf([{ name: 'guide.md', text: '---\ntitle: Guide\nBody without a closing fence\n' }]);
    await refusedWithoutChange(path, 'Entry "guide.md": front matter is not closed by a "---" line.');
  });

  it('front matter that is not YAML', async () => {
    const path = await zipOf([{ name: 'guide.md', text: '---\ntitle: [unclosed\n---\nBody\n' }]);
    const res = await upload('preview', { filePath: path });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Entry "guide\.md": front matter is not valid YAML \(.+\)\.$/);
    expect(res.body).toEqual(archiveError(res.body.message));
  });

  it('an article id of another tab', async () => {
    const path = await zipOf([{ name: 'x.md', text: '---\nid: dark1\ntitle: Dark\n---\n' }]);
    await refusedWithoutChange(path, 'Entry "x.md": article id "dark1" belongs to another tab or portal.');
  });

  it('a section id of another tab', async () => {
    const path = await zipOf([{ name: 'ideas/_index.md', text: '---\nid: 20\nname: Ideas\n---\n' }]);
    await refusedWithoutChange(path, 'Entry "ideas/_index.md": section id 20 belongs to another tab or portal.');
  });

  it('an article id of another portal', async () => {
    const path = await zipOf([{ name: 'x.md', text: '---\nid: oth01\ntitle: Other\n---\n' }]);
    await refusedWithoutChange(path, 'Entry "x.md": article id "oth01" belongs to another tab or portal.');
  });

  it('a section id of another portal', async () => {
    const path = await zipOf([{ name: 'other/_index.md', text: '---\nid: 50\nname: Other\n---\n' }]);
    await refusedWithoutChange(path, 'Entry "other/_index.md": section id 50 belongs to another tab or portal.');
  });

  it('an id that exists nowhere', async () => {
    const path = await zipOf([{ name: 'x.md', text: '---\nid: nope9\ntitle: Ghost\n---\n' }]);
    await refusedWithoutChange(path, 'Entry "x.md": unknown article id "nope9": no such item exists.');
  });
});

// --- form fields -----------------------------------------------------------------

describe('sync form fields', () => {
  it('the file field is required', async () => {
    const res = await upload('preview', {});
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ file: ['The file field is required.'] }));
  });

  it('D-SYNC-VALIDATION a file part with no name and no content counts as no file', async () => {
    const empty = join(workDir, 'empty');
    await writeFile(empty, '');
    const res = await upload('preview', { extra: [{ name: 'file', filePath: empty, filename: '' }] });
    expect(res.body).toEqual(invalid({ file: ['The file field is required.'] }));
  });

  it('a body that is not multipart/form-data is answered as a missing file', async () => {
    const res = await server.request('POST', '/api/v1/knowledgebase/sync/preview', { body: { tab_id: 3 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ file: ['The file field is required.'] }));
  });

  it('D-SYNC-VALIDATION tab_id is required, and every field problem is reported at once', async () => {
    const res = await upload('execute', { tabId: null });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      invalid({ file: ['The file field is required.'], tab_id: ['The tab id field is required.'] }),
    );
  });

  it.each([
    ['an unknown tab', '999'],
    ['a board tab', '1'],
    ["another portal's knowledge-base tab", '7'],
  ])('D-KB-TAB upload: %s is The selected tab id is invalid.', async (_label, tabId) => {
    const filePath = await saveFile((await exportTab()).bytes);
    for (const op of ['preview', 'execute'] as const) {
      const res = await upload(op, { tabId, filePath });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ tab_id: ['The selected tab id is invalid.'] }));
    }
  });

  it('tab_id must be an integer', async () => {
    const res = await upload('preview', { tabId: 'help', filePath: await saveFile((await exportTab()).bytes) });
    expect(res.body).toEqual(invalid({ tab_id: ['The tab id field must be an integer.'] }));
  });

  it('D-SYNC-FIELDS delete_confirmed must be sent as an array', async () => {
    const filePath = await saveFile((await exportTab()).bytes);
    const res = await upload('execute', { filePath, extra: [{ name: 'delete_confirmed', value: '6' }] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ delete_confirmed: ['The delete confirmed field must be an array.'] }));
  });

  it('D-SYNC-FIELDS a blank delete_confirmed item is required, in the words of the other fields', async () => {
    const filePath = await saveFile((await exportTab()).bytes);
    const res = await upload('execute', { filePath, extra: confirm('delete_confirmed[]', '6', ' ') });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ 'delete_confirmed.1': ['The delete confirmed field is required.'] }));
  });

  it('D-SYNC-FIELDS delete_sections_confirmed must hold integers', async () => {
    const filePath = await saveFile((await exportTab()).bytes);
    const res = await upload('execute', { filePath, extra: confirm('delete_sections_confirmed[]', 'advanced') });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      invalid({ 'delete_sections_confirmed.0': ['The delete sections confirmed field must be an integer.'] }),
    );
    expect(portal().sections.list()).toHaveLength(3);
  });
});

// --- upload size -------------------------------------------------------------------

/**
 * A multipart body with a file of `size` zero bytes and an honest Content-Length.
 * The closing boundary is only sent once `release` is called, so a server that
 * waits for the whole body before answering never answers.
 */
function gatedUpload(size: number, { holdBeforeFile = false } = {}) {
  const boundary = 'fpTestBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="tab_id"\r\n\r\n3\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  async function* body() {
    yield head;
    if (holdBeforeFile) await gate;
    const chunk = Buffer.alloc(MB);
    for (let left = size; left > 0; left -= chunk.length) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      sent += piece.length;
      yield piece;
    }
    await gate;
    yield tail;
  }
  return {
    body: Readable.from(body()),
    headers: {
      authorization: `Bearer ${ADMIN_KEY}`,
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
    release,
    sent: () => sent,
  };
}

describe('sync upload size: at most 102400 kilobytes', () => {
  const TOO_LARGE = 'The file field must not be greater than 102400 kilobytes.';

  it('R-KB-UPLOAD-LIMIT a file of exactly 102400 KB is within the limit (and then read as an archive)', async () => {
    const upload = gatedUpload(LIMIT_BYTES);
    upload.release();
    const res = await request(`${server.url}/api/v1/knowledgebase/sync/preview`, {
      method: 'POST',
      body: upload.body,
      headers: upload.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(await res.body.json()).toEqual(archiveError('The file is not a valid ZIP archive.'));
  });

  it('R-KB-UPLOAD-LIMIT D-SYNC-SIZE an upload of 100 MB + 1 KB is refused with 413 before the body has been read to its end', async () => {
    const upload = gatedUpload(LIMIT_BYTES + 1024);
    const res = await request(`${server.url}/api/v1/knowledgebase/sync/execute`, {
      method: 'POST',
      body: upload.body,
      headers: upload.headers,
    });
    upload.release();
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).not.toBe('close');
    expect(await res.body.json()).toEqual({ message: TOO_LARGE, errors: { file: [TOO_LARGE] } });
    expect(portal().posts.list()).toHaveLength(6);
  });

  it('D-SYNC-SIZE a declared Content-Length far over the limit is refused before any of the file is sent', async () => {
    const upload = gatedUpload(1024 * MB, { holdBeforeFile: true });
    const res = await request(`${server.url}/api/v1/knowledgebase/sync/preview`, {
      method: 'POST',
      body: upload.body,
      headers: upload.headers,
    });
    expect(upload.sent()).toBe(0);
    upload.release();
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toEqual({ message: TOO_LARGE, errors: { file: [TOO_LARGE] } });
  });
});
