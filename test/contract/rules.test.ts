import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '../../src/contract/endpoints.js';
import { CARA, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN } from '../support/run-fp.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Rules of docs/rules.md and docs/decisions.md that no other suite names. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('rules of the specification', () => {
  it('R-PORTAL-GET R-PORTAL-FIELDS D-PORTAL-FIELDS GET /api/v1/portal answers {data: Portal} with the Jira and Linear fields', async () => {
    const res = await server.request('GET', '/api/v1/portal');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        guid: '9e0f3c1e-0000-4000-8000-000000000001',
        title: 'Test Portal',
        localization: 'en',
        editor_type: 'markdown',
        jira_enabled: false,
        jira_sync_status: false,
        linear_enabled: false,
        jira_domain: null,
      },
    });
  });

  it('R-COMMENT-POST-KEY comment paths take the post key: the numeric id of a post is an unknown post', async () => {
    const byKey = await server.request('GET', '/api/v1/posts/dark1/comments');
    expect(byKey.status).toBe(200);
    const byId = await server.request('GET', '/api/v1/posts/1/comments');
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual({ message: 'No query results for model [App\\Models\\Post] 1' });
  });

  it('R-ERROR-BODY every refusal is JSON with a message; a validation failure adds errors, field → messages', async () => {
    const refusals = [
      await server.request('GET', '/api/v1/portal', { token: null }),
      await server.request('GET', '/api/v1/nothing-here'),
      await server.request('PUT', '/api/v1/categories/1', { body: {} }),
      await server.request('GET', '/api/v1/groups/00000000-0000-4000-8000-000000000000'),
    ];
    for (const res of refusals) {
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(typeof res.body.message).toBe('string');
    }
    const invalid = await server.request('POST', '/api/v1/categories', { body: { name: 'x' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name field must be at least 2 characters.'] },
    });
  });

  it('R-VERSION-PREFIX every operation is under /api/v1; another version is an unknown route', async () => {
    for (const e of endpointList) expect(e.path.startsWith('/api/v1/'), e.name).toBe(true);
    const res = await server.request('GET', '/api/v2/portal');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The route api/v2/portal could not be found.' });
  });
});

describe('decisions', () => {
  it('D-EVENT-PENDING a comment that starts pending still records CommentCreated and the mail', async () => {
    const seed = fixtureSeed();
    seed.portals[0].moderate_comments = true;
    const moderated = await startTestServer(seed);
    try {
      const res = await moderated.request('POST', '/api/v1/posts/dark1/comments', {
        body: { user_id: CARA, comment: 'Held for review' },
      });
      expect(res.body.data.moderation_status).toBe('pending');
      const events = await moderated.request('GET', '/__reference/events');
      expect(events.body.data.map((e: { type: string; payload: unknown }) => [e.type, e.payload])).toEqual([
        ['CommentCreated', { comment_id: res.body.data.id, post_key: 'dark1', user_id: CARA }],
        ['mail', { to: 'bob@test.test', subject: 'New comment on "Dark mode"', template: 'new_comment' }],
      ]);
    } finally {
      await moderated.close();
    }
  });

  it('D-DEMO-SEED fp server with no --seed serves the demo portal', async () => {
    const child = spawn(process.execPath, [FP_BIN, 'server', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const m = /^Listening on (\S+)/.exec(line);
          if (m) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`fp server exited with ${code}`)));
      });
      const res = await request(`${url}/api/v1/portal`, { headers: { authorization: 'Bearer acme-admin' } });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { data: { title: string } }).data.title).toBe('Acme Feedback');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
