import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, CARA, GROUP_BETA, GROUP_EMPTY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const portal = () => server.store.portals[0];

describe('the route forms the hosted service shows beside the spec', () => {
  it('D-ROUTE-NESTED-COMMENTS PATCH and PUT under the post update the comment as PUT /comments/{id} does', async () => {
    const patch = await server.request('PATCH', '/api/v1/posts/dark1/comments/100', {
      body: { comment: 'Yes, please!' },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.data).toMatchObject({ id: 100, comment: 'Yes, please!' });
    const put = await server.request('PUT', '/api/v1/posts/dark1/comments/100', { body: { comment: 'Yes please.' } });
    const flat = await server.request('GET', '/api/v1/posts/dark1/comments');
    expect(flat.body.data.find((c: any) => c.id === 100)).toEqual(put.body.data);
  });

  it('D-ROUTE-NESTED-COMMENTS a comment named under another post, or an unknown post, is not found', async () => {
    const other = await server.request('PATCH', '/api/v1/posts/sso22/comments/100', { body: { comment: 'Moved?' } });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'No query results for model [App\\Models\\Comment] 100' });
    const post = await server.request('DELETE', '/api/v1/posts/zz999/comments/100');
    expect(post.body).toEqual({ message: 'No query results for model [App\\Models\\Post] zz999' });
    expect(portal().comments.get(100)).toBeDefined();
  });

  it('D-ROUTE-NESTED-COMMENTS DELETE under the post deletes the comment and its direct replies', async () => {
    const res = await server.request('DELETE', '/api/v1/posts/dark1/comments/100');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    expect(portal().comments.get(100)).toBeUndefined();
    expect(portal().comments.get(101)).toBeUndefined();
  });

  it('D-ROUTE-GROUP-USER-PATH adds a user named in the path by UUID or integer id, without a body', async () => {
    const res = await server.request('POST', `/api/v1/groups/${GROUP_EMPTY}/users/${CARA}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User added to group successfully' });
    const again = await server.request('POST', `/api/v1/groups/${GROUP_EMPTY}/users/3`);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'User is already in the group' });
  });

  it('D-ROUTE-GROUP-USER-PATH removes a user named by UUID as well as by integer id', async () => {
    const res = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users/${BOB}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User removed from group successfully' });
    expect(portal().groups.isMember(GROUP_BETA, BOB)).toBe(false);
    const unknown = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users/99`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Group or User not found' });
    const notMember = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users/2`);
    expect(notMember.body).toEqual({ message: 'User is not in the group' });
  });

  it('D-ROUTE-FEEDBACK-PATCH PATCH on a feedback entry does what PUT does', async () => {
    const res = await server.request('PATCH', '/api/v1/feedback/fb-1', { body: { feedback: 'Patched text' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'fb-1', feedback: 'Patched text', type: 'idea' });
    const missing = await server.request('PATCH', '/api/v1/feedback/fb-1', { body: {} });
    expect(missing.body.errors).toEqual({ feedback: ['The feedback field is required.'] });
  });
});
