import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommand } from '../../../src/cli/framework/define-command.js';
import { main } from '../../../src/cli/main.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** Nothing listens here: a command that sent a request would fail with a network error (exit 1), not 2. */
const NOWHERE = 'http://127.0.0.1:9';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

describe('flags checked with the endpoint schema', () => {
  it('name the flag the user typed, not the API field, and send nothing', async () => {
    const cases: Array<[string[], string]> = [
      [['feedback', 'summarize', '--from', 'last week'], 'error: invalid --from "last week": must be a valid date.\n'],
      [['posts', 'list', '--limit', '500'], 'error: invalid --limit "500": must be between 1 and 100.\n'],
      [['posts', 'list', '--skip', '-1'], 'error: invalid --skip "-1": must be at least 0.\n'],
      [
        ['categories', 'create', 'Mobile', '--color', 'green'],
        'error: invalid --color "green": must be a valid hexadecimal color.\n',
      ],
    ];
    for (const [argv, err] of cases) {
      const r = await fp(argv, { baseUrl: NOWHERE });
      expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 2, err });
    }
  });

  it('a 422 about a flag is shown under the flag name', async () => {
    const r = await fp(['groups', 'update', 'Beta testers', '--name', 'Empty group']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: The given data was invalid. (422)\n  --name: The name has already been taken.\n');
  });
});

describe('confirmation from the endpoint table', () => {
  it('every destructive command has --yes and refuses without a terminal', async () => {
    for (const argv of [
      ['categories', 'delete', 'Mobile'],
      ['comments', 'delete', '100'],
      ['references', 'delete', '1'],
      ['feedback', 'delete', 'fb-1'],
      ['groups', 'delete', 'Empty group'],
      ['moderation', 'reject', 'comment', '104'],
    ]) {
      const r = await fp(argv);
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      expect(r.err).toMatch(/: refusing without a terminal to confirm; pass --yes to proceed\n$/);
      const help = await fp([...argv.slice(0, 2), '--help']);
      expect(help.out).toContain('-y, --yes');
    }
  });
});

describe("a verb of a reference operation (the reference server's own table)", () => {
  it('has its flags and arguments checked with the reference schemas, in the usual words, and sends nothing', async () => {
    const cases: Array<[string[], string]> = [
      [['webhooks', 'add', 'not-a-url'], 'error: invalid URL "not-a-url": must be a valid URL.\n'],
      // A refused secret is not repeated.
      [
        ['webhooks', 'add', 'http://127.0.0.1:9/hooks', '--secret', 'whsec_short'],
        'error: invalid --secret: must be a whsec_ secret (base64, at least 24 bytes).\n',
      ],
    ];
    for (const [argv, err] of cases) {
      const r = await fp(argv, { baseUrl: NOWHERE });
      expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 2, err });
    }
  });

  it('runs the default call with the checked fields; --fields knows the response fields of an empty list', async () => {
    const added = await fp(['webhooks', 'add', 'http://127.0.0.1:9/hooks', '--events', 'vote.created', '--json']);
    expect(added.io.json()).toMatchObject({ url: 'http://127.0.0.1:9/hooks', events: ['vote.created'] });
    const listed = await fp(['webhooks', 'list', '--fields', 'id,events', '--json']);
    expect(listed.io.json()).toEqual([{ id: added.io.json().id, events: ['vote.created'] }]);
    // remove deletes without asking (confirm: false), though webhooks.delete is destructive: no --yes, no terminal needed
    const removed = await fp(['webhooks', 'remove', String(added.io.json().id)]);
    expect([removed.code, removed.err]).toEqual([0, `Removed webhook ${added.io.json().id}.\n`]);
    expect((await fp(['webhooks', 'remove', '--help'])).out).not.toContain('--yes');
    const none = await fp(['webhooks', 'list', '--fields', 'nosuch']);
    expect([none.code, none.err]).toEqual([
      2,
      'error: unknown field nosuch for --fields; available: consecutive_failures, created_at, disabled_reason, enabled, events, id, url\n',
    ]);
  });

  it('a 404 from a portal without the reference routes says where that is done there (exit 2)', async () => {
    const hosted = createServer((req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}`;
      for (const argv of [
        ['webhooks', 'list'],
        ['webhooks', 'remove', '1'],
        ['events', 'tail'],
      ]) {
        const r = await fp(argv, { baseUrl });
        expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
        expect(r.err).toMatch(/^error: this portal's webhooks are configured in its Settings → API & Webhooks page/);
      }
    } finally {
      await new Promise((resolve) => hosted.close(resolve));
    }
    // On the reference server a 404 is the missing item's.
    const missing = await fp(['webhooks', 'remove', '999']);
    expect([missing.code, missing.err]).toEqual([1, 'error: Webhook 999 not found. (404)\n']);
  });

  it('is declared against the reference entry: a destructive one asks or says it does not; --all needs a paginator', () => {
    const spec = { name: 'drop', examples: [] };
    expect(() => defineCommand({ ...spec, endpoint: 'webhooks.delete' })).toThrow(
      'drop: webhooks.delete is destructive and needs a confirm question (or confirm: false)',
    );
    expect(() => defineCommand({ ...spec, endpoint: 'webhooks.list', confirm: false })).toThrow(
      'drop: confirm: false is for a destructive endpoint, and webhooks.list is not',
    );
    expect(() => defineCommand({ ...spec, endpoint: 'events.list', paginate: true })).toThrow(
      'drop: events.list has no paginator',
    );
    expect(defineCommand({ ...spec, endpoint: 'webhooks.delete', confirm: () => 'Remove it?' }).spec.name).toBe('drop');
  });
});

describe('the one ending', () => {
  it('a change without a record: a status line for people, the answer for --json and --jq', async () => {
    const people = await fp(['votes', 'add', 'dark1', '--anonymous', 'a1']);
    expect(people.out).toBe('');
    expect(people.err).toBe('Voted for dark1 as anonymous a1.\n');
    const jq = await fp(['votes', 'remove', 'dark1', '--anonymous', 'a1', '--jq', 'type']);
    expect(jq.out).toBe('object\n');
  });

  it('--fields works on every list and record', async () => {
    expect((await fp(['categories', 'list', '--fields', 'name', '--format', 'csv'])).out).toBe(
      'NAME\nIntegrations\nMobile\nLocked\n',
    );
    expect((await fp(['portal', 'get', '--fields', 'title', '--json'])).io.json()).toEqual({ title: 'Test Portal' });
    const bad = await fp(['groups', 'list', '--fields', 'nosuch']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(
      'error: unknown field nosuch for --fields; available: created_at, description, id, name, portal_id, updated_at\n',
    );
  });
});

describe('names where ids are typed', () => {
  it('--status takes a status name, in any case', async () => {
    const r = await fp(['posts', 'list', '--status', 'under review', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json().map((p: { id: string }) => p.id)).toEqual(['dark1']);
  });

  it('an unknown status name fails (exit 1, D-UNKNOWN-NAME) listing the valid ones, with the closest', async () => {
    const r = await fp(['posts', 'list', '--status', 'Planed']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'error: unknown status "Planed" for --status. Did you mean "Planned"? valid statuses: "Planned", "Under review"\n',
    );
  });

  it('--tab, --section and --tag take a name, slug or id', async () => {
    const keys = async (argv: string[]) => (await fp([...argv, '--json'])).io.json().map((p: { id: string }) => p.id);
    for (const tab of ['roadmap', 'Roadmap', '2'])
      expect(await keys(['posts', 'list', '--tab', tab])).toEqual(['sso22']);
    for (const section of ['ideas', 'Ideas', '20'])
      expect(await keys(['posts', 'list', '--section', section])).toEqual(['dark1']);
    for (const tag of ['bug', 'BUG', 't-bug']) expect(await keys(['posts', 'list', '--tag', tag])).toEqual(['sso22']);
  });

  it('an unknown tab, section or tag fails (exit 1) listing the valid ones, with the closest; nothing is listed', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['--tab', 'roadmp'],
        'error: unknown tab "roadmp" for --tab. Did you mean "roadmap"? valid tabs: feedback (Feedback), help (Help center), roadmap (Roadmap)\n',
      ],
      [
        ['--section', 'idea'],
        'error: unknown section "idea" for --section. Did you mean "ideas"? valid sections: advanced (Advanced), getting-started (Getting started), ideas (Ideas)\n',
      ],
      [
        ['--tag', 'bugs'],
        'error: unknown tag "bugs" for --tag. Did you mean "bug"? valid tags: bug (t-bug), ux (t-ux)\n',
      ],
      [['--tag', 'ux,perf'], 'error: unknown tag "perf" for --tag. valid tags: bug (t-bug), ux (t-ux)\n'],
    ];
    for (const [flags, err] of cases) {
      const r = await fp(['posts', 'list', ...flags]);
      expect({ flags, code: r.code, err: r.err, out: r.out }).toEqual({ flags, code: 1, err, out: '' });
    }
  });

  it('an unknown category name says which are valid', async () => {
    const r = await fp(['categories', 'delete', 'Mobil', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: No category named "Mobil". Did you mean "Mobile"? (404)\n');
  });
});

describe('errors', () => {
  it('a 401 hints at fp auth login', async () => {
    const r = await fp(['categories', 'list'], { env: { FP_API_KEY: 'nope' } });
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/\nhint: .*run `fp auth login`/);
  });
});
