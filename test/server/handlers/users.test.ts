import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANN, BOB, CARA, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => server.request('GET', path, { token: READONLY_KEY });

describe('users', () => {
  it('D-USER-LIST pages the users in the order they joined, like the post list', async () => {
    const first = await get('/api/v1/users?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ hasMore: true, total: 3, skip: 0, limit: 2 });
    expect(first.body.data.map((u: any) => u.id)).toEqual([ANN, BOB]);
    const rest = await get('/api/v1/users?limit=2&skip=2');
    expect(rest.body).toMatchObject({ hasMore: false, total: 3, skip: 2, limit: 2 });
    expect(rest.body.data.map((u: any) => u.id)).toEqual([CARA]);
    expect((await get('/api/v1/users')).body.limit).toBe(10);
  });

  it('D-USER-LIST a user is the group-member record with its integer id and e-mail', async () => {
    const { body } = await get('/api/v1/users?limit=1');
    expect(body.data[0]).toEqual({
      id: ANN,
      database_id: 1,
      name: 'Ann Admin',
      role: 'admin',
      email: 'ann@test.test',
      profile_url: `${server.url}/users/1`,
      avatar_small_url: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=64&d=identicon$/),
      counter_votes: 0,
      counter_comments: 2,
      counter_posts: 1,
      counter_comment_votes: 0,
      created_at: '2026-01-01T00:00:00.000000Z',
      blocked: false,
    });
  });

  it('D-USER-LIST refuses a limit outside 1-100 as the post list does', async () => {
    const res = await get('/api/v1/users?limit=101');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ limit: ['The limit field must be between 1 and 100.'] });
  });

  it('D-USER-GET finds a user by UUID in any case or by integer id; an unknown one is the service 404', async () => {
    const byId = await get('/api/v1/users/2');
    expect(byId.body.data.id).toBe(BOB);
    expect((await get(`/api/v1/users/${BOB.toUpperCase()}`)).body).toEqual(byId.body);
    const unknown = await get('/api/v1/users/99');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No query results for model [App\\Models\\User] 99' });
  });

  it('D-USER-FIND finds a user by e-mail without regard to case', async () => {
    const res = await get('/api/v1/users/find_by_email?email=Cara%40Test.test');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: CARA, email: 'cara@test.test' });
  });

  it('D-USER-FIND no such user is 404 without a key; a missing or malformed address is 422', async () => {
    const none = await get('/api/v1/users/find_by_email?email=nobody%40test.test');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'No query results for model [App\\Models\\User].' });
    const missing = await get('/api/v1/users/find_by_email');
    expect(missing.body.errors).toEqual({ email: ['The email field is required.'] });
    const malformed = await get('/api/v1/users/find_by_email?email=cara');
    expect(malformed.body.errors).toEqual({ email: ['The email field must be a valid email address.'] });
  });
});
