import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../../src/server/store/seeding/demo-seed.js';
import { atTerminal } from '../support/at-terminal.js';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { FP_BIN, runFp, startFpServer, type FpServer } from '../support/run-fp.js';
import { startTamperingProxy } from '../support/tampering-proxy.js';

const READ_ONLY = 'acme-readonly';
const KB_TAB = 4;

let source: FpServer;
let dir: string;

beforeAll(async () => {
  source = await startFpServer(demoSeed());
  dir = mkdtempSync(join(tmpdir(), 'fp-snapshot-'));
});
afterAll(() => source.stop());

/** The snapshot at `out` holds every item the uninterrupted one (acme.json) holds, kind by kind. */
function expectWholeSnapshot(out: string) {
  const whole = JSON.parse(readFileSync(join(dir, 'acme.json'), 'utf8')).portals[0];
  const portal = JSON.parse(readFileSync(out, 'utf8')).portals[0];
  const kinds = ['users', 'tabs', 'sections', 'statuses', 'categories', 'groups', 'posts', 'comments', 'feedback'];
  for (const kind of kinds) expect(portal[kind], kind).toEqual(whole[kind]);
}

function snapshot(args: string[], baseUrl = source.url, apiKey = READ_ONLY) {
  return runFp(['portal', 'snapshot', '--rate', 'off', ...args], { baseUrl, apiKey, timeoutMs: 30_000 });
}

const tokenOf = (stderr: string) => /API key of the copy \(shown once\): (\S+)/.exec(stderr)?.[1];

/** One GET as the body text, with the server's own address replaced (URLs in answers name the origin). */
async function answer(base: string, key: string, path: string): Promise<string> {
  const res = await request(base + path, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  const body = Buffer.from(await res.body.arrayBuffer());
  if (path.includes('/sync/export')) return `${res.statusCode} ${body.toString('base64')}`;
  return `${res.statusCode} ${body.toString('utf8').split(base).join('ORIGIN')}`;
}

/** Every list endpoint, and the post list under every filter the data gives values for. */
async function listPaths(base: string, key: string): Promise<string[]> {
  const json = async (path: string) => JSON.parse((await answer(base, key, path)).replace(/^\d+ /, ''));
  const paths = ['/api/v1/portal', '/api/v1/categories', '/api/v1/groups', '/api/v1/feedback'];
  // D-SNAPSHOT-LISTED: the listed resources come back as they were.
  paths.push('/api/v1/statuses', '/api/v1/tags', '/api/v1/tabs', '/api/v1/sections', '/api/v1/users?limit=100');
  // D-WIDGETS, D-PRODUCT-VISION: the widgets and the vision are copied too.
  paths.push('/api/v1/widgets', '/api/v1/product-vision');
  for (const g of (await json('/api/v1/groups')).data) paths.push(`/api/v1/groups/${g.id}/users`);
  const posts = [
    ...(await json('/api/v1/posts?limit=100')).data,
    ...(await json('/api/v1/posts?tab=help&limit=100')).data,
  ];
  const pending = await json('/api/v1/moderation/pending');
  const rejected = await json('/api/v1/moderation/rejected');
  paths.push('/api/v1/moderation/pending', '/api/v1/moderation/rejected');
  const keys = new Set([
    ...posts.map((p: any) => p.id),
    ...[...pending.data.posts, ...rejected.data.posts].map((p: any) => p.id),
  ]);
  for (const k of keys) paths.push(`/api/v1/posts/${k}/comments`);
  paths.push('/api/v1/posts?limit=100', '/api/v1/posts?limit=7&skip=7', '/api/v1/posts?format=minimal&limit=100');
  for (const order of [
    'id',
    'title',
    'author',
    'votes_count',
    'comments_count',
    'created_at',
    'updated_at',
    'views',
    'latest_status_change',
  ]) {
    paths.push(`/api/v1/posts?order_by=${order}&order_direction=asc&limit=100`);
  }
  for (const tab of ['feedback', 'roadmap', 'changelog', 'help']) paths.push(`/api/v1/posts?tab=${tab}&limit=100`);
  for (const p of ['web', 'ios', 'android', 'windows', 'linux', 'macos', 'api'])
    paths.push(`/api/v1/posts?platform=${p}&limit=100`);
  const statuses = new Set(posts.filter((p: any) => p.status).map((p: any) => p.status.id));
  for (const s of statuses) paths.push(`/api/v1/posts?status=${s}&limit=100`);
  const categories = new Set(posts.flatMap((p: any) => p.categories.map((c: any) => c.id)));
  for (const c of categories) paths.push(`/api/v1/posts?category=${c}&limit=100`);
  const sections = new Set(posts.map((p: any) => p.section_id).filter((s: unknown) => s !== null));
  for (const s of sections) paths.push(`/api/v1/posts?section=${s}&limit=100`);
  paths.push(`/api/v1/knowledgebase/sync/export?tab_id=${KB_TAB}`);
  return paths;
}

/**
 * A loopback proxy in front of the source that decides, by the request's
 * number, to forward it, to answer 500, or to forward it after `hook` ran (given the number and the path).
 */
async function startProxy(decide: (n: number) => 'forward' | 'fail', hook?: (n: number, path: string) => void) {
  let n = 0;
  const proxy: Server = createServer(async (req, res) => {
    const number = ++n;
    hook?.(number, req.url!);
    if (decide(number) === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Server Error"}');
      return;
    }
    const upstream = await request(source.url + req.url!, {
      method: 'GET',
      headers: { authorization: req.headers.authorization!, accept: String(req.headers.accept) },
    });
    res.writeHead(upstream.statusCode, upstream.headers as Record<string, string>);
    for await (const chunk of upstream.body) res.write(chunk);
    res.end();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

describe('fp portal snapshot: round trip', () => {
  let copy: FpServer;
  let seedFile: string;
  let token: string;
  let stderr: string;

  beforeAll(async () => {
    seedFile = join(dir, 'acme.json');
    const r = await snapshot(['--output', seedFile, '--kb-tab', String(KB_TAB)]);
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
    token = tokenOf(r.stderr)!;
    copy = await startFpServer(JSON.parse(readFileSync(seedFile, 'utf8')));
  }, 60_000);
  afterAll(() => copy?.stop());

  it('D-SNAPSHOT-LISTED skips the lists a portal does not offer, names them, and the copy loads', {
    timeout: 60_000,
  }, async () => {
    const notOffered = ['/api/v1/tags', '/api/v1/users', '/api/v1/sections', '/api/v1/statuses'];
    const proxy = await startTamperingProxy(source.url, { notOffered });
    try {
      const file = join(dir, 'without-lists.json');
      const r = await snapshot(['--output', file, '--rate', 'off', '--include', 'posts,categories'], proxy.url);
      expect(r.code, r.stderr).toBe(0);
      const seed = JSON.parse(readFileSync(file, 'utf8'));
      expect(seed.snapshot.missing[0]).toBe(
        'not offered by the portal (404): the lists of statuses, tags, sections, users',
      );
      expect(seed.portals[0].tags).toEqual([]);
      expect(seed.snapshot.reconstructed.statuses).toMatch(/^from the statuses that posts show/);
      const loaded = await startFpServer(seed);
      await loaded.stop();
    } finally {
      await proxy.close();
    }
  });

  it('D-SNAPSHOT-RECONSTRUCT D-SNAPSHOT-LISTED snapshot of the demo portal, loaded into a second server, gives the same answers on every list endpoint', {
    timeout: 60_000,
  }, async () => {
    const paths = await listPaths(source.url, 'acme-admin');
    expect(paths.length).toBeGreaterThan(80);
    for (const path of paths) {
      expect(await answer(copy.url, token, path), path).toBe(await answer(source.url, 'acme-admin', path));
    }
  });

  it('says on stderr what it wrote, once, with the new key, and nothing on stdout', () => {
    expect(stderr).toMatch(
      /^Wrote .*acme\.json: 62 posts, 31 comments, 12 users, 6 categories, 3 groups, 11 feedback entries \(\d+ requests in \d+s\)\.\nAPI key of the copy \(shown once\): fp_snap_[A-Za-z0-9_-]{24}\nRehearse with: fp server --seed .*acme\.json --port (\d+) {3}\(answers on http:\/\/127\.0\.0\.1:\1\)\n$/,
    );
  });

  it('D-SNAPSHOT-HEADER D-SNAPSHOT-LISTED the copy has one new key, answers on loopback only, and its header says what was reconstructed and what is missing', () => {
    const seed = JSON.parse(readFileSync(seedFile, 'utf8'));
    expect(seed.format).toBe(1);
    expect(seed.portals).toHaveLength(1);
    const portal = seed.portals[0];
    expect(portal.hosts).toEqual(['127.0.0.1', 'localhost']);
    expect(portal.api_keys).toEqual([{ token, read_only: false, expires_at: null }]);
    expect(readFileSync(seedFile, 'utf8')).not.toContain(READ_ONLY);
    expect(readFileSync(seedFile, 'utf8')).not.toContain(source.url);
    expect(seed.snapshot).toMatchObject({
      complete: true,
      source: { title: 'Acme Feedback' },
      anonymized: false,
      kb_tabs: [KB_TAB],
      counts: {
        users: 12,
        tabs: 4,
        sections: 5,
        statuses: 7,
        categories: 6,
        groups: 3,
        posts: 62,
        comments: 31,
        feedback: 11,
      },
    });
    expect(Object.keys(seed.snapshot.reconstructed)).toEqual([
      'tabs',
      'statuses',
      'sections',
      'post tabs',
      'post platforms',
      'post database ids',
      'pending and rejected posts',
      'users',
      'knowledge-base tab names',
    ]);
    // D-SNAPSHOT-LISTED: tabs, statuses, sections, tags and users come from their lists as the portal has them.
    expect(seed.snapshot.missing).toContain('the tags of posts');
    expect(seed.snapshot.reconstructed.tabs).toBe('from the tab list (GET /api/v1/tabs, assumed: D-TAB-LIST)');
    expect(portal.tabs.map((t: any) => [t.id, t.slug, t.type])).toEqual([
      [1, 'feedback', 'board'],
      [2, 'roadmap', 'roadmap'],
      [3, 'changelog', 'changelog'],
      [4, 'help', 'knowledge_base'],
    ]);
    expect(portal.tags.map((t: any) => t.id)).toContain('t-bug');
    expect(readdirSync(dir).filter((n) => n.startsWith('acme.json'))).toEqual(['acme.json']);
  });

  it('the source key never reaches the copy: the copy refuses it', async () => {
    expect(await answer(copy.url, READ_ONLY, '/api/v1/portal')).toBe('401 {"message":"Unauthenticated."}');
  });
});

describe('fp portal snapshot: which comments are read', () => {
  it('D-SNAPSHOT-COMMENTS reads the comments of posts listed with comments, of pending and rejected posts and of posts with a queued comment, each once, and of no other post', {
    timeout: 60_000,
  }, async () => {
    const json = async (path: string) =>
      JSON.parse((await answer(source.url, 'acme-admin', path)).replace(/^\d+ /, ''));
    const listed = [
      ...(await json('/api/v1/posts?limit=100')).data,
      ...(await json('/api/v1/posts?tab=help&limit=100')).data,
    ];
    const pending = await json('/api/v1/moderation/pending');
    const rejected = await json('/api/v1/moderation/rejected');
    expect([
      pending.meta.has_more_posts,
      pending.meta.has_more_comments,
      rejected.meta.has_more_posts,
      rejected.meta.has_more_comments,
    ]).toEqual([false, false, false, false]);
    const expected = new Set<string>([
      ...listed.filter((p: any) => p.comments_count > 0).map((p: any) => p.id),
      ...[...pending.data.posts, ...rejected.data.posts].map((p: any) => p.id),
      ...[...pending.data.comments, ...rejected.data.comments].map((c: any) => c.post.id),
    ]);
    // The demo has posts with nothing to read, so leaving them out is seen.
    expect(listed.filter((p: any) => !expected.has(p.id)).length).toBeGreaterThan(10);

    const read: string[] = [];
    const proxy = await startProxy(
      () => 'forward',
      (_n, path) => {
        const m = /^\/api\/v1\/posts\/([^/?]+)\/comments(?:\?|$)/.exec(path);
        if (m) read.push(decodeURIComponent(m[1]));
      },
    );
    try {
      const r = await snapshot(['--output', join(dir, 'comments-read.json'), '--kb-tab', String(KB_TAB)], proxy.url);
      expect(r.code, r.stderr).toBe(0);
    } finally {
      await proxy.close();
    }
    expect(read.sort()).toEqual([...expected].sort());
  });
});

describe('fp portal snapshot --anonymize', () => {
  it('replaces names, e-mails and free text consistently and keeps ids and structure', {
    timeout: 90_000,
  }, async () => {
    const out = join(dir, 'anon.json');
    const env = { FP_SNAPSHOT_SALT: 'bug-report-42' };
    const r = await runFp(['portal', 'snapshot', '--rate', 'off', '--anonymize', '--output', out], {
      baseUrl: source.url,
      apiKey: READ_ONLY,
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    for (const secret of ['Ann Admin', 'ann@acme.test', 'Dark mode for dashboards', 'Sofia Rossi', 'night shifts'])
      expect(text).not.toContain(secret);
    const portal = JSON.parse(text).portals[0];
    const plain = demoSeed().portals[0];
    expect(portal.users.map((u: any) => u.id).sort()).toEqual(plain.users.map((u) => u.id).sort());
    expect(portal.posts.map((p: any) => p.key).sort()).toEqual(
      plain.posts
        .filter((p) => p.tab_id !== KB_TAB)
        .map((p) => p.key)
        .sort(),
    );
    const ann = portal.users.find((u: any) => u.id === plain.users[0].id);
    expect(ann.name).toMatch(/^User [0-9a-f]{8}$/);
    expect(ann.email).toMatch(/^user-[0-9a-f]{8}@example\.invalid$/);
    const darkMode = portal.posts.find((p: any) => p.key === plain.posts[0].key);
    expect(darkMode.title).toHaveLength(plain.posts[0].title.length);
    expect(darkMode.title).toMatch(/^[A-Z][a-z]{3} [a-z]{4} [a-z]{3} [a-z]{10}$/);

    // The same salt gives the same pseudonyms; the copy loads.
    const again = join(dir, 'anon-2.json');
    expect(
      (
        await runFp(['portal', 'snapshot', '--rate', 'off', '--anonymize', '--output', again], {
          baseUrl: source.url,
          apiKey: READ_ONLY,
          env,
        })
      ).code,
    ).toBe(0);
    const portal2 = JSON.parse(readFileSync(again, 'utf8')).portals[0];
    expect(portal2.users).toEqual(portal.users);
    expect(portal2.posts).toEqual(portal.posts);
    const copy = await startFpServer(JSON.parse(text));
    await copy.stop();
  });
});

describe('fp portal snapshot: bad input', () => {
  it('an expired key exits 4 with a clear message and writes no seed', async () => {
    const out = join(dir, 'expired.json');
    const r = await snapshot(['--output', out], source.url, 'acme-expired');
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      "The API key was refused: check that it is valid and not expired, and that the portal's plan includes API access.\n" +
        `The partial snapshot is kept in ${out}.partial (incomplete); run the same command with --resume to continue.\n` +
        'error: Unauthenticated. (401)\n' +
        'hint: the portal refused the API key: run `fp auth login` (or set FP_API_KEY) with a valid key; `fp auth status` shows which key is in use\n',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a partial snapshot resumes only with the options it was started with and against its own portal; the folder stays', async () => {
    const out = join(dir, 'guarded.json');
    const proxy = await startProxy((n) => (n > 5 ? 'fail' : 'forward'));
    try {
      expect((await snapshot(['--output', out, '--kb-tab', String(KB_TAB)], proxy.url)).code).toBe(1);
    } finally {
      await proxy.close();
    }
    const otherOptions = await snapshot(['--output', out, '--resume', '--anonymize', '--include', 'posts']);
    expect(otherOptions.code).toBe(2);
    expect(otherOptions.stderr).toBe(
      `error: the partial snapshot in ${out}.partial was started with other options ` +
        `(--include posts,comments,categories,groups,feedback,moderation,kb --kb-tab ${KB_TAB}): resume it with those, or remove the folder\n`,
    );
    const otherPortal = await startFpServer();
    try {
      const r = await snapshot(['--output', out, '--resume', '--kb-tab', String(KB_TAB)], otherPortal.url, ADMIN_KEY);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: the partial snapshot in ${out}.partial is of another portal ("Acme Feedback"): remove the folder to start over\n`,
      );
    } finally {
      await otherPortal.stop();
    }
    expect(existsSync(`${out}.partial`)).toBe(true);
    expect(existsSync(out)).toBe(false);
  });

  it('an output in a folder that does not exist is refused before any request; --resume with nothing to resume starts anew', async () => {
    const missing = join(dir, 'no-such-folder', 'copy.json');
    const refused = await snapshot(['--output', missing]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`error: cannot write ${missing}: ${join(dir, 'no-such-folder')} is not a folder\n`);
    const out = join(dir, 'fresh.json');
    const fresh = await snapshot(['--output', out, '--resume', '--include', 'posts']);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stderr.split('\n')[0]).toBe(`Nothing to resume in ${out}.partial: starting a new snapshot.`);
    expect(existsSync(out)).toBe(true);
  });

  it('D-SNAPSHOT-PARTIAL a 5xx mid-crawl keeps the partial snapshot marked incomplete; --resume finishes it with every item once', {
    timeout: 90_000,
  }, async () => {
    // Past the 40th request the crawl is reading comments, one post at a time.
    const proxy = await startProxy((n) => (n > 40 ? 'fail' : 'forward'));
    const proxyUrl = proxy.url;
    const out = join(dir, 'resumed.json');
    try {
      const failed = await snapshot(['--output', out, '--kb-tab', String(KB_TAB)], proxyUrl);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toBe(
        `The partial snapshot is kept in ${out}.partial (incomplete); run the same command with --resume to continue.\n` +
          'error: Server Error (500)\n',
      );
      expect(existsSync(out)).toBe(false);
      const progress = JSON.parse(readFileSync(join(`${out}.partial`, 'progress.json'), 'utf8'));
      expect(progress.complete).toBe(false);

      const again = await snapshot(['--output', out, '--kb-tab', String(KB_TAB)]);
      expect(again.code).toBe(2);
      expect(again.stderr).toBe(
        `error: a partial snapshot is waiting in ${out}.partial: add --resume to continue it, or remove that folder to start over\n`,
      );
    } finally {
      await proxy.close();
    }
    const resumed = await snapshot(['--output', out, '--kb-tab', String(KB_TAB), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(existsSync(`${out}.partial`)).toBe(false);

    expectWholeSnapshot(out);
  });
});

describe('fp portal snapshot at a terminal', () => {
  it('shows one status line per step, redrawn in place, with items and requests; paced by default', {
    timeout: 60_000,
  }, async () => {
    const out = join(dir, 'tty.json');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      NO_COLOR: '1',
      FP_BASE_URL: source.url,
      FP_API_KEY: READ_ONLY,
    };
    const { code, screen } = await atTerminal(['portal', 'snapshot', '--kb-tab', String(KB_TAB), '--output', out], {
      env,
    });
    expect(code, screen).toBe(0);
    for (const step of [
      'portal',
      'categories',
      'groups',
      'knowledge base tab 4',
      'moderation queues',
      'posts',
      'tabs and platforms',
      'comments',
      'feedback',
    ]) {
      expect(screen).toMatch(new RegExp(`\\r\\x1b\\[2K${step}: \\d+ items · \\d+ requests`));
    }
    expect(screen).toContain('Wrote ');
  });
});

describe('fp portal snapshot: Ctrl-C', () => {
  it('an interrupt mid-crawl exits 130 and keeps the partial snapshot; --resume finishes it with every item once', {
    timeout: 90_000,
  }, async () => {
    const out = join(dir, 'interrupted.json');
    let child: ReturnType<typeof spawn> | undefined;
    // The 30th request arrives while the crawl reads the post lists: interrupt it there.
    const proxy = await startProxy(
      () => 'forward',
      (n) => n === 30 && child?.kill('SIGINT'),
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      CI: 'true',
      FP_BASE_URL: proxy.url,
      FP_API_KEY: READ_ONLY,
    };
    const result = await new Promise<{ code: number | null; stderr: string }>((done, reject) => {
      child = spawn(
        process.execPath,
        [FP_BIN, 'portal', 'snapshot', '--rate', 'off', '--kb-tab', String(KB_TAB), '--output', out],
        { env },
      );
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => done({ code, stderr }));
    });
    await proxy.close();
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(
      `Interrupted. The partial snapshot is kept in ${out}.partial; run the same command with --resume to continue.\n`,
    );
    expect(existsSync(out)).toBe(false);

    const resumed = await snapshot(['--output', out, '--kb-tab', String(KB_TAB), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectWholeSnapshot(out);
  });
});

describe('fp portal snapshot against a rate-limited portal', () => {
  it('D-SNAPSHOT-PACE paced to the limit (a scaled-down 40/2s), it completes, and gives the same copy as an unpaced run that waits out the 429s', {
    timeout: 150_000,
  }, async () => {
    const limited = await startFpServer(demoSeed(), ['--rate-limit', '40/2s']);
    try {
      const paced = join(dir, 'paced.json');
      const r = await runFp(['portal', 'snapshot', '--rate', '40/2s', '--output', paced, '--kb-tab', String(KB_TAB)], {
        baseUrl: limited.url,
        apiKey: READ_ONLY,
        timeoutMs: 120_000,
      });
      expect(r.code, r.stderr).toBe(0);
      const requests = Number(/\((\d+) requests in/.exec(r.stderr)?.[1]);
      expect(requests).toBeGreaterThan(40);

      const unpaced = join(dir, 'unpaced.json');
      // Unpaced, the 429s are waited out as Retry-After says.
      expect((await snapshot(['--output', unpaced, '--kb-tab', String(KB_TAB)], limited.url)).code).toBe(0);
      // The same portal gives the same seed; only the header and the copy's new key differ.
      const content = (file: string) => {
        const seed = JSON.parse(readFileSync(file, 'utf8'));
        delete seed.snapshot;
        for (const portal of seed.portals) delete portal.api_keys;
        return seed;
      };
      expect(content(paced)).toEqual(content(unpaced));
    } finally {
      await limited.stop();
    }
  });
});
