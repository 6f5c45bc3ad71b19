import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitFormat } from '../../../../src/cli/commands/posts/filters.js';
import { main } from '../../../../src/cli/main.js';
import type { SeedFile } from '../../../../src/seed-file/seed-file.js';
import { ADMIN_KEY, BOB, fixtureSeed } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

/** Nothing listens here: a command that sent a request would fail with a network error (exit 1), not 2. */
const NOWHERE = 'http://127.0.0.1:9';

/** The fixture's two listed posts plus `extra` more on the feedback board. */
function seedWith(extra: number): SeedFile {
  const s = fixtureSeed();
  for (let i = 0; i < extra; i++) {
    s.portals[0].posts!.push({
      key: `gen${String(i).padStart(2, '0')}`,
      database_id: 100 + i,
      title: `Generated ${i}`,
      description: 'x',
      author_id: BOB,
      tab_id: 1,
      status_id: 1,
      created_at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
    });
  }
  return s;
}

let server: TestServer;
afterEach(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io, keys: () => (io.json() as Array<{ id: string }>).map((p) => p.id) };
}

describe('fp posts list', () => {
  describe('on the fixture portal', () => {
    beforeEach(async () => {
      server = await startTestServer();
    });

    it('prints a header and one tab-separated row a post when stdout is not a terminal', async () => {
      const r = await fp(['posts', 'list', '--order-by', 'id', '--order', 'asc']);
      expect(r.code).toBe(0);
      expect(r.out.split('\n')).toEqual([
        'KEY\tTITLE\tSTATUS\tCATEGORIES\tVOTES\tCOMMENTS\tCREATED',
        'dark1\tDark mode\tUnder review\tIntegrations\t5\t4\t2026-02-01T00:00:00.000000Z',
        'sso22\tSSO login\tPlanned\tIntegrations, Mobile\t9\t0\t2026-02-02T00:00:00.000000Z',
        '',
      ]);
      expect(r.err).toBe('');
    });

    it('--status repeated filters by any of the statuses', async () => {
      expect((await fp(['posts', 'list', '--status', '1', '--json'])).keys()).toEqual(['dark1']);
      expect(
        (
          await fp(['posts', 'list', '--status', '1', '--status', '2', '--order-by', 'id', '--order', 'asc', '--json'])
        ).keys(),
      ).toEqual(['dark1', 'sso22']);
      expect(
        (await fp(['posts', 'list', '--status', '2,1', '--order-by', 'id', '--order', 'asc', '--json'])).keys(),
      ).toEqual(['dark1', 'sso22']);
    });

    it('--category takes an id or a unique name', async () => {
      expect((await fp(['posts', 'list', '--category', '2', '--json'])).keys()).toEqual(['sso22']);
      expect((await fp(['posts', 'list', '--category', 'mobile', '--json'])).keys()).toEqual(['sso22']);
      const r = await fp(['posts', 'list', '--category', 'Nope']);
      expect(r.code).toBe(1);
      expect(r.err).toBe('error: No category named "Nope". (404)\n');
    });

    it('--tab, --section, --tag, --platform and --release filter', async () => {
      expect((await fp(['posts', 'list', '--tab', 'roadmap', '--json'])).keys()).toEqual(['sso22']);
      expect((await fp(['posts', 'list', '--section', 'ideas', '--json'])).keys()).toEqual(['dark1']);
      expect((await fp(['posts', 'list', '--section', '20', '--json'])).keys()).toEqual(['dark1']);
      expect((await fp(['posts', 'list', '--tag', 't-bug', '--json'])).keys()).toEqual(['sso22']);
      expect((await fp(['posts', 'list', '--platform', 'ios', '--json'])).keys()).toEqual(['sso22']);
      expect((await fp(['posts', 'list', '--release', '2026.1', '--json'])).keys()).toEqual(['dark1']);
    });

    it('the version filter is sent', async () => {
      // Only the bare program answers --version: after the command words it is the filter.
      expect((await fp(['posts', 'list', '--version', '1.0', '--json'])).keys()).toEqual(['dark1']);
    });

    it('--order-by and --order are sent', async () => {
      expect((await fp(['posts', 'list', '--order-by', 'votes_count', '--order', 'desc', '--json'])).keys()).toEqual([
        'sso22',
        'dark1',
      ]);
      expect((await fp(['posts', 'list', '--order-by', 'votes_count', '--order', 'asc', '--json'])).keys()).toEqual([
        'dark1',
        'sso22',
      ]);
    });

    it('a custom field order cf_<id> is accepted', async () => {
      expect((await fp(['posts', 'list', '--order-by', 'cf_12', '--json'])).code).toBe(0);
    });

    it('an invalid --order-by exits 2 listing the valid fields, with no request', async () => {
      const r = await fp(['posts', 'list', '--order-by', 'popularity'], { baseUrl: NOWHERE });
      expect(r.code).toBe(2);
      expect(r.err).toContain('error: invalid --order-by "popularity": expected one of id, title, created_at,');
      expect(r.err).toContain('linear_issue_key, or cf_<custom field id>');
    });

    it('an invalid --platform exits 2 listing the valid platforms, with no request', async () => {
      const r = await fp(['posts', 'list', '--platform', 'amiga'], { baseUrl: NOWHERE });
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        "argument 'amiga' is invalid. Allowed choices are web, windows, linux, macos, ios, android",
      );
    });

    it('--order must be asc or desc (exit 2)', async () => {
      const r = await fp(['posts', 'list', '--order', 'up'], { baseUrl: NOWHERE });
      expect(r.code).toBe(2);
      expect(r.err).toContain('Allowed choices are asc, desc');
    });

    it('--limit outside 1-100 and a negative --skip exit 2 with no request', async () => {
      for (const argv of [
        ['--limit', '0'],
        ['--limit', '101'],
        ['--limit', 'ten'],
        ['--skip', '-1'],
        ['--saved-query', 'q'],
      ]) {
        const r = await fp(['posts', 'list', ...argv], { baseUrl: NOWHERE });
        expect(r.code, argv.join(' ')).toBe(2);
      }
    });

    it('--format minimal asks the API for minimal items and shows fewer columns', async () => {
      const json = await fp(['posts', 'list', '--format', 'minimal', '--json', '--order-by', 'id', '--order', 'asc']);
      expect(json.code).toBe(0);
      expect(Object.keys(json.io.json()[0]).sort()).toEqual(
        ['comments_count', 'created_at', 'id', 'moderation_status', 'title', 'uid', 'url', 'votes_count'].sort(),
      );
      const plain = await fp(['posts', 'list', '--format', 'minimal', '--order-by', 'id', '--order', 'asc']);
      expect(plain.out.split('\n')[0]).toBe('KEY\tTITLE\tVOTES\tCOMMENTS\tMODERATION\tCREATED');
      expect(plain.out.split('\n')[1]).toBe('dark1\tDark mode\t5\t4\tapproved\t2026-02-01T00:00:00.000000Z');
    });

    it('--format full asks for full items', async () => {
      const r = await fp(['posts', 'list', '--format', 'full', '--json']);
      expect(r.code).toBe(0);
      expect(r.io.json()[0]).toHaveProperty('description');
    });

    it('--format csv and ndjson still choose the output format', async () => {
      const csv = await fp(['posts', 'list', '--format', 'csv', '--order-by', 'id', '--order', 'asc']);
      expect(csv.out.split('\n')[2]).toBe(
        'sso22,SSO login,Planned,"Integrations, Mobile",9,0,2026-02-02T00:00:00.000000Z',
      );
      const nd = await fp(['--format', 'ndjson', 'posts', 'list']);
      expect(
        nd.out
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).id)
          .sort(),
      ).toEqual(['dark1', 'sso22']);
    });

    it('an unknown --format exits 2 naming both kinds', async () => {
      const r = await fp(['posts', 'list', '--format', 'yaml'], { baseUrl: NOWHERE });
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        'error: invalid --format "yaml": expected full or minimal (posts), or table, json, ndjson, csv (output)\n',
      );
    });

    it('statuses and categories are shown in their colours on a terminal', async () => {
      const { io } = await fp(['posts', 'list', '--order-by', 'id', '--order', 'asc'], { tty: true, columns: 200 });
      // #3366ff (Planned), #ff8800 (Integrations) and #00aa55 (Mobile) in the basic palette
      expect(io.out()).toContain('\u001b[94mPlanned\u001b[39m');
      expect(io.out()).toContain('\u001b[93mIntegrations\u001b[39m, \u001b[32mMobile\u001b[39m');
      expect(io.out()).toContain('Dark mode');
    });

    it('no colour with NO_COLOR', async () => {
      const { io } = await fp(['posts', 'list'], { tty: true, env: { NO_COLOR: '1' } });
      expect(io.out()).not.toContain('\u001b[');
    });

    it('an unknown saved query is the API error (exit 1)', async () => {
      const r = await fp(['posts', 'list', '--saved-query', '99']);
      expect(r.code).toBe(1);
      expect(r.err).toBe(
        'error: The given data was invalid. (422)\n  --saved-query: The selected saved query id is invalid.\n',
      );
    });
  });

  describe('on a portal with 57 listed posts', () => {
    beforeEach(async () => {
      server = await startTestServer(seedWith(55));
    });

    it('--all --json returns every post once', async () => {
      const r = await fp(['posts', 'list', '--all', '--json']);
      expect(r.code).toBe(0);
      const keys = r.keys();
      expect(keys).toHaveLength(57);
      expect(new Set(keys).size).toBe(57);
    });

    it('--all with a small --limit pages with that size and still returns every post', async () => {
      const r = await fp(['posts', 'list', '--all', '--limit', '7', '--format', 'ndjson']);
      expect(r.out.trim().split('\n')).toHaveLength(57);
    });

    it('--all --skip starts later', async () => {
      const r = await fp(['posts', 'list', '--all', '--skip', '50', '--json']);
      expect(r.keys()).toHaveLength(7);
    });

    it('one page by default, with a footer on stderr on a terminal telling how to get more', async () => {
      const { io } = await fp(['posts', 'list'], { tty: true, env: { NO_COLOR: '1' } });
      expect(io.err()).toBe('Showing 1-10 of 57 (use --all or --skip 10 for more)\n');
      expect(io.out().match(/^(gen|dark1|sso22)/gm)).toHaveLength(10);
    });

    it('the last page says no more', async () => {
      const { io } = await fp(['posts', 'list', '--skip', '50', '--limit', '20'], {
        tty: true,
        env: { NO_COLOR: '1' },
      });
      expect(io.err()).toBe('Showing 51-57 of 57\n');
    });

    it('no footer when stdout is not a terminal', async () => {
      const r = await fp(['posts', 'list']);
      expect(r.err).toBe('');
      expect(r.out.trim().split('\n')).toHaveLength(11);
    });
  });

  it('past the end is an empty list, which is success', async () => {
    server = await startTestServer();
    const { io } = await fp(['posts', 'list', '--skip', '500'], { tty: true });
    expect(io.out()).toBe('');
    expect(io.err()).toBe('No posts.\n');
  });
});

describe('the shared --format value', () => {
  it('full and minimal go to the API, the rest to the output', () => {
    expect(splitFormat('minimal')).toEqual({ api: 'minimal' });
    expect(splitFormat('full')).toEqual({ api: 'full' });
    expect(splitFormat('json')).toEqual({ output: 'json' });
    expect(splitFormat(undefined)).toEqual({});
  });
});
