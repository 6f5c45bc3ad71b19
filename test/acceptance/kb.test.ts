import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countArchive } from '../../src/cli/commands/kb/unzip-to-dir.js';
import { ADMIN_KEY, ANN, fixtureSeed } from '../support/fixture-seed.js';
import { png } from '../support/images.js';
import { FP_BIN, startFpServer, type FpServer } from '../support/run-fp.js';

const work = mkdtempSync(join(tmpdir(), 'fp-kb-acceptance-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture portal's help-center tab (3) with a third section holding an article to delete. */
function kbSeed(extraPosts: object[] = []) {
  const seed = fixtureSeed();
  const portal = seed.portals[0] as { sections: object[]; posts: object[] };
  portal.sections.push({ id: 12, tab_id: 3, slug: 'old', name: 'Old', parent_id: null });
  portal.posts.push(
    {
      key: 'kb002',
      database_id: 6,
      title: 'Advanced usage',
      description: 'Power users.',
      author_id: ANN,
      tab_id: 3,
      section_id: 11,
      created_at: '2026-02-06T00:00:00Z',
    },
    {
      key: 'kb003',
      database_id: 7,
      title: 'Old article',
      description: 'Outdated.',
      author_id: ANN,
      tab_id: 3,
      section_id: 12,
      created_at: '2026-02-07T00:00:00Z',
    },
    ...extraPosts,
  );
  return seed;
}

const LEFT_ALONE = 'Left alone: .cursorrules, CLAUDE.md (AI instruction files, never articles).';
const NO_CHANGES = `No changes. The knowledge base matches the archive.\n${LEFT_ALONE}\n`;

describe('fp kb sync', () => {
  let server: FpServer;
  const dir = join(work, 'help');
  beforeAll(async () => {
    server = await startFpServer(kbSeed());
  });
  afterAll(() => server.stop());

  it('export --output writes the ZIP and says what it holds', async () => {
    const file = join(work, 'help.zip');
    const r = await server.fp(['kb', 'sync', 'export', '--tab', '3', '--output', file]);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `Exported 3 articles in 3 sections to ${file}\n` });
    expect(await countArchive(file)).toEqual({ sections: 3, articles: 3, entries: 8 });
  });

  it('export without --output or --dir streams the ZIP to a piped stdout', async () => {
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const child = spawn(process.execPath, [FP_BIN, 'kb', 'sync', 'export', '--tab', '3'], {
        env: {
          PATH: process.env.PATH,
          HOME: work,
          CI: 'true',
          FP_CONFIG_DIR: join(work, 'cfg'),
          FP_BASE_URL: server.url,
          FP_API_KEY: ADMIN_KEY,
        },
      });
      const chunks: Buffer[] = [];
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => chunks.push(d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`exit ${code}: ${stderr}`)),
      );
    });
    const file = join(work, 'stdout.zip');
    writeFileSync(file, bytes);
    expect(await countArchive(file)).toEqual({ sections: 3, articles: 3, entries: 8 });
  });

  it('export --dir unpacks the sections as folders and the articles as markdown files', async () => {
    const r = await server.fp(['kb', 'sync', 'export', '--tab', '3', '--dir', dir]);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `Exported 3 articles in 3 sections to ${dir}\n` });
    expect(readdirSync(dir).sort()).toEqual(['.cursorrules', '.fp-sync.json', 'CLAUDE.md', 'getting-started', 'old']);
    expect(readdirSync(join(dir, 'getting-started')).sort()).toEqual(['_index.md', 'advanced', 'installation.md']);
  });

  it('preview of the unchanged export: no changes, exit 0 even with --exit-code', async () => {
    const r = await server.fp(['kb', 'sync', 'preview', '--tab', '3', dir, '--exit-code']);
    expect(r).toMatchObject({
      code: 0,
      stdout: NO_CHANGES,
      stderr: 'Local files since the last sync: 0 new, 0 changed, 0 removed, 8 unchanged.\n',
    });
  });

  it('preview after an edit, an addition and a deletion shows exactly +, ~ and -; --exit-code exits 3', async () => {
    writeFileSync(
      join(dir, 'getting-started', 'installation.md'),
      '---\nid: kb001\ntitle: Installation\nsort_order: 5\n---\nNew steps.',
    );
    writeFileSync(join(dir, 'getting-started', 'new.md'), '---\ntitle: New article\n---\nFresh.');
    unlinkSync(join(dir, 'old', 'old-article.md'));
    const plan = [
      '+ article  (new)  getting-started/new.md  "New article"',
      '~ article  kb001  getting-started/installation.md  "Installation"  (body)',
      '- article  kb003  old/old-article.md  "Old article"',
      '',
      'Plan: 1 to create, 1 to update, 1 to delete, 4 unchanged.',
      LEFT_ALONE,
      'Deletions happen only when confirmed; to apply them, add: --confirm-delete kb003',
      '',
    ].join('\n');
    const local =
      'Local files since the last sync: 1 new (getting-started/new.md), 1 changed (getting-started/installation.md), ' +
      '1 removed (old/old-article.md), 6 unchanged.\n';
    const r = await server.fp(['kb', 'sync', 'preview', '--tab', '3', dir]);
    expect(r).toMatchObject({ code: 0, stdout: plan, stderr: local });
    const gated = await server.fp(['kb', 'sync', 'preview', '--tab', '3', dir, '--exit-code']);
    expect(gated).toMatchObject({ code: 3, stdout: plan, stderr: local });
  });

  it('execute without --yes off a terminal exits 2 and changes nothing', async () => {
    const r = await server.fp(['kb', 'sync', 'execute', '--tab', '3', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /\nerror: Apply these changes: refusing without a terminal to confirm; pass --yes to proceed\n$/,
    );
    const again = await server.fp(['kb', 'sync', 'preview', '--tab', '3', dir, '--json']);
    expect(again.json.summary).toEqual({ create: 1, update: 1, delete: 1 });
  });

  it('execute --yes applies the rest, writes the new id back, and exits 1 for the unconfirmed deletion', async () => {
    const r = await server.fp(['kb', 'sync', 'execute', '--tab', '3', dir, '--yes']);
    expect(r.code).toBe(1);
    const key = /^---\nid: (\w{5})\ntitle: New article\n---\nFresh\.$/.exec(
      readFileSync(join(dir, 'getting-started', 'new.md'), 'utf8'),
    )![1];
    expect(r.stdout).toMatch(
      new RegExp(
        `\nApplied: 1 created, 1 updated, 0 deleted\\.\n  \\+ article  ${key}  getting-started/new\\.md  "New article"\n` +
          'Skipped 1 deletion \\(not confirmed\\):\n {2}- article {2}kb003 {2}old/old-article\\.md {2}"Old article"\n' +
          'To delete them, run again with: --confirm-delete kb003\n$',
      ),
    );
    expect(r.stderr).toMatch(
      new RegExp(
        `\nWrote 1 id into ${dir}: getting-started/new\\.md \\(${key}\\)\nerror: 1 deletion not confirmed; to apply, run again with: --confirm-delete kb003\n$`,
      ),
    );
  });

  it('after re-exporting, execute --confirm-delete applies the deletion', async () => {
    const fresh = join(work, 'help-2');
    expect((await server.fp(['kb', 'sync', 'export', '--tab', '3', '--dir', fresh])).code).toBe(0);
    unlinkSync(join(fresh, 'old', 'old-article.md'));
    const r = await server.fp(['kb', 'sync', 'execute', '--tab', '3', fresh, '--yes', '--confirm-delete', 'kb003']);
    expect(r).toMatchObject({
      code: 0,
      stderr: 'Local files since the last sync: 0 new, 0 changed, 1 removed (old/old-article.md), 8 unchanged.\n',
      stdout:
        '- article  kb003  old/old-article.md  "Old article"\n\nPlan: 0 to create, 0 to update, 1 to delete, 6 unchanged.\n' +
        `${LEFT_ALONE}\n` +
        'Deletions happen only when confirmed; to apply them, add: --confirm-delete kb003\n\nApplied: 0 created, 0 updated, 1 deleted.\n',
    });
    const after = await server.fp(['kb', 'sync', 'preview', '--tab', '3', fresh, '--exit-code']);
    expect(after).toMatchObject({ code: 0, stdout: NO_CHANGES });
  });

  it('a local file over 102400 KB is refused before uploading (exit 2)', async () => {
    const file = join(work, 'huge.zip');
    writeFileSync(file, '');
    const { truncateSync } = await import('node:fs');
    truncateSync(file, 102_400 * 1024 + 1);
    const r = await server.fp(['kb', 'sync', 'preview', '--tab', '3', file]);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: ${file} is 102401 KB; the service accepts uploads of at most 102400 KB (100 MB)\n`,
    });
  });
});

describe('fp kb sync: an export as the hosted service makes it (D-KB-INSTRUCTION-FILES, D-KB-IMAGES)', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer(kbSeed());
  });
  afterAll(() => server.stop());

  /** The tab's own export with what the hosted service's export adds: instruction files and images/. */
  async function hostedExport(name: string, images: Record<string, Buffer>): Promise<string> {
    const plain = join(work, `${name}-plain.zip`);
    expect((await server.fp(['kb', 'sync', 'export', '--tab', '3', '--output', plain])).code).toBe(0);
    const { default: yazl } = await import('yazl');
    const { default: yauzl } = await import('yauzl');
    const zip = new yazl.ZipFile();
    const source = await yauzl.openPromise(plain);
    for await (const entry of source.eachEntry()) {
      const data = await buffer(await source.openReadStreamPromise(entry));
      const edited = entry.fileName === 'getting-started/installation.md';
      zip.addBuffer(
        edited ? Buffer.concat([data, Buffer.from('\n![Screen](../images/a.png)\n')]) : data,
        entry.fileName,
      );
    }
    source.close();
    for (const [path, data] of Object.entries(images)) zip.addBuffer(data, path);
    zip.end();
    const file = join(work, `${name}.zip`);
    writeFileSync(file, await buffer(zip.outputStream));
    return file;
  }

  it('preview plans no article for CLAUDE.md, names the instruction files in one line, and lists images/a.png', async () => {
    const file = await hostedExport('hosted', { 'images/a.png': png(9, 9, 9) });
    const r = await server.fp(['kb', 'sync', 'preview', '--tab', '3', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^~ article {2}kb001 {2}getting-started\/installation\.md {2}"Installation" {2}\(body\)\n\+ image {2}images\/a\.png {2}\(png, \d+ bytes\)\n\nPlan: 0 to create, 1 to update, 0 to delete, 5 unchanged\.\nImages: 1 to add, 0 to change, 0 to remove, 0 unchanged\.\nLeft alone: \.cursorrules, CLAUDE\.md \(AI instruction files, never articles\)\.\n$/,
    );
    expect(r.stdout).not.toMatch(/article .*CLAUDE/);
  }, 60_000);

  it('execute stores the image and links it in; export --dir gives it back; the folder then previews as no change', async () => {
    const picture = png(9, 9, 9);
    const file = await hostedExport('hosted-2', { 'images/a.png': picture });
    const r = await server.fp(['kb', 'sync', 'execute', '--tab', '3', file, '--yes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /\nApplied: 0 created, 1 updated, 0 deleted\.\nImages: 1 added, 0 changed, 0 removed\.\n$/,
    );
    const post = await server.fp(['posts', 'view', 'kb001', '--json']);
    expect(post.json.description).toMatch(/\n!\[Screen\]\(\/storage\/kb\/3\/a\.png\)\n$/);

    const folder = join(work, 'hosted-folder');
    expect((await server.fp(['kb', 'sync', 'export', '--tab', '3', '--dir', folder])).code).toBe(0);
    expect(readFileSync(join(folder, 'images', 'a.png')).equals(picture)).toBe(true);
    expect(readFileSync(join(folder, 'getting-started', 'installation.md'), 'utf8')).toMatch(
      /\n!\[Screen\]\(\.\.\/images\/a\.png\)\n$/,
    );
    const again = await server.fp(['kb', 'sync', 'preview', '--tab', '3', folder, '--exit-code']);
    expect(again).toMatchObject({ code: 0, stdout: NO_CHANGES });
  }, 60_000);

  it("an image outside the bounds is refused with the service's 422 and nothing is applied", async () => {
    const file = await hostedExport('hosted-bad', { 'images/b.png': Buffer.from('<html>not an image</html>') });
    const r = await server.fp(['kb', 'sync', 'execute', '--tab', '3', file, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'Entry "images/b.png": is not an image of an accepted type (PNG, JPEG, GIF or WebP); the type is judged by the content, not the name.',
    );
    const post = await server.fp(['posts', 'view', 'kb001', '--json']);
    expect(post.json.description).not.toContain('../images/a.png');
  }, 60_000);
});

describe('fp kb link-health', () => {
  let server: FpServer;
  let links: Server;
  let base = '';
  /** Answers to /slow held back while a test interrupts a scan. */
  const held: import('node:http').ServerResponse[] = [];
  let holdSlow = false;
  beforeAll(async () => {
    links = createServer((req, res) => {
      if (req.url === '/slow' && holdSlow) {
        held.push(res);
        return;
      }
      res.statusCode = req.url === '/fine' || req.url === '/slow' ? 200 : 404;
      res.end(req.url === '/fine' || req.url === '/slow' ? 'ok' : 'not found');
    });
    await new Promise<void>((resolve) => links.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(links.address() as AddressInfo).port}`;
    const seed = fixtureSeed();
    const portal = seed.portals[0] as { posts: Array<{ key: string; description?: string }> };
    portal.posts.find((p) => p.key === 'kb001')!.description =
      `See [the guide](${base}/fine) and [the old page](${base}/missing).`;
    server = await startFpServer(seed, ['--allow-private-links']);
  });
  afterAll(async () => {
    await server.stop();
    await new Promise((resolve) => links.close(resolve));
  });

  it('scan --wait --fail-on-broken exits 1 and lists the 404 link', async () => {
    const r = await server.fp(
      ['kb', 'link-health', 'scan', '--tab', '3', '--wait', '--fail-on-broken', '--interval', '0.05'],
      { env: { CI: undefined } },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(['POST\tTITLE\tLINKS\tBROKEN', 'kb001\tInstallation\t2\t1', ''].join('\n'));
    // Progress is drawn only at a terminal, never into a pipe: stderr holds the report alone.
    expect(r.stderr).toBe(
      `kb001  HTTP 404 Not Found  ${base}/missing\n1 article, 2 distinct links, 1 broken.\nerror: 1 broken link in 1 article\n`,
    );
  });

  it('in CI the scan prints no progress lines: the broken links and the summary only', async () => {
    const r = await server.fp(['kb', 'link-health', 'scan', '--tab', '3', '--wait', '--interval', '0.05']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`kb001  HTTP 404 Not Found  ${base}/missing\n1 article, 2 distinct links, 1 broken.\n`);
  });

  it('results --failed --json lists only the post with the broken link', async () => {
    const r = await server.fp(['kb', 'link-health', 'results', '--tab', '3', '--failed', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.posts.map((p: { post_id: string }) => p.post_id)).toEqual(['kb001']);
    expect(r.json.posts[0].links.filter((l: { ok: boolean }) => !l.ok)).toMatchObject([
      { url: `${base}/missing`, status: 404 },
    ]);
  });

  it('Ctrl-C during scan --wait exits 130 with the scan id and the command that resumes; that command finishes the wait', async () => {
    // A third link, whose answer is held back, keeps the next scan running.
    const folder = join(work, 'links');
    expect((await server.fp(['kb', 'sync', 'export', '--tab', '3', '--dir', folder])).code).toBe(0);
    const file = join(folder, 'getting-started', 'installation.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')} Also [slow](${base}/slow).`);
    expect((await server.fp(['kb', 'sync', 'execute', '--tab', '3', folder, '--yes'])).code).toBe(0);
    holdSlow = true;

    // fp reaches the server through a relay that notes its first progress poll: from then on fp is waiting.
    let polled: () => void = () => {};
    const polling = new Promise<void>((resolve) => (polled = resolve));
    const upstream = new URL(server.url);
    const relay = createServer((req, res) => {
      if (req.url?.includes('/link-health/progress/')) polled();
      const out = request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const child = spawn(
      process.execPath,
      [FP_BIN, 'kb', 'link-health', 'scan', '--tab', '3', '--wait', '--interval', '0.05', '--stall-limit', '100000'],
      {
        env: {
          PATH: process.env.PATH,
          HOME: work,
          NO_COLOR: '1',
          FP_CONFIG_DIR: join(work, 'cfg-int'),
          FP_BASE_URL: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
          FP_API_KEY: ADMIN_KEY,
        },
      },
    );
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    // The slow link holds the scan open: interrupt once fp is polling it.
    await polling;
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (held.length > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    relay.closeAllConnections();
    await new Promise((resolve) => relay.close(resolve));
    const m = /\nInterrupted; scan ([0-9a-f-]{36}) goes on\. Resume with: fp kb link-health progress \1 --wait\n$/.exec(
      stderr,
    );
    expect(m).not.toBeNull();

    for (const res of held.splice(0)) res.end('ok');
    const resumed = await server.fp(['kb', 'link-health', 'progress', m![1], '--wait', '--interval', '0.05']);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('kb001\tInstallation\t3\t1');
    expect(resumed.stderr).toMatch(/1 article, 3 distinct links, 1 broken\.\n$/);
  }, 60_000);

  it('scan prints the scan id, and progress reports it', async () => {
    const started = await server.fp(['kb', 'link-health', 'scan', '--tab', '3']);
    expect(started.code).toBe(0);
    const id = started.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const p = await server.fp(['kb', 'link-health', 'progress', id, '--json']);
    expect(p.code).toBe(0);
    expect(p.json).toMatchObject({ scan_id: id, tab_id: 3 });
  });
});
