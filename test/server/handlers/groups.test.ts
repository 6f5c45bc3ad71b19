import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANN, BOB, CARA, GROUP_BETA, GROUP_EMPTY, OTHER_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = '2026-07-01T12:00:00.000Z';
let server: TestServer;
// A fresh server per test: groups tests change memberships and names.
beforeEach(async () => {
  server = await startTestServer(undefined, { now: () => new Date(NOW) });
});
afterEach(() => server.close());

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const members = () => server.store.portals[0].groups.list().find((g) => g.id === GROUP_BETA)!.user_ids;
/** fetch drops a Host header, so requests to the other portal go through undici. */
async function asOtherPortal(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await request(server.url + path, {
    method,
    headers: { host: 'other.localhost', authorization: `Bearer ${OTHER_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: (await res.body.json()) as any };
}
const UNKNOWN_UUID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('groups: list, get, create', () => {
  it('R-GROUP-FIELDS R-GROUP-LIST D-TIMESTAMPS D-GROUP-PORTAL-ID lists groups with id, portal_id, name, description and microsecond timestamps', async () => {
    const res = await server.request('GET', '/api/v1/groups');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: GROUP_BETA,
          portal_id: 1,
          name: 'Beta testers',
          description: 'Early access',
          created_at: '2026-01-05T00:00:00.000000Z',
          updated_at: '2026-01-05T00:00:00.000000Z',
        },
        {
          id: GROUP_EMPTY,
          portal_id: 1,
          name: 'Empty group',
          description: null,
          created_at: '2026-01-06T00:00:00.000000Z',
          updated_at: '2026-01-06T00:00:00.000000Z',
        },
      ],
    });
  });

  it("R-PORTAL-SCOPE lists only the groups of the key's portal", async () => {
    const res = await asOtherPortal('GET', '/api/v1/groups');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('R-GROUP-GET gets one group by its UUID', async () => {
    const res = await server.request('GET', `/api/v1/groups/${GROUP_BETA}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: GROUP_BETA, portal_id: 1, name: 'Beta testers' });
  });

  it('D-GROUP-IDS group ids match without regard to case', async () => {
    const res = await server.request('GET', `/api/v1/groups/${GROUP_BETA.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(GROUP_BETA);
  });

  it('unknown group is 404 "No query results for model [App\\Models\\Group] <id>"', async () => {
    const res = await server.request('GET', `/api/v1/groups/${UNKNOWN_UUID}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: `No query results for model [App\\Models\\Group] ${UNKNOWN_UUID}` });
  });

  it('D-GROUP-IDS an integer group id finds no group: 404 with the model message', async () => {
    const res = await server.request('GET', '/api/v1/groups/1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Group] 1' });
  });

  it('a group of another portal is 404 at this portal', async () => {
    const other = await asOtherPortal('POST', '/api/v1/groups', { name: 'Theirs' });
    expect(other.status).toBe(200);
    const res = await server.request('GET', `/api/v1/groups/${other.body.data.id}`);
    expect(res.status).toBe(404);
    expect(other.body.data.portal_id).toBe(2);
  });

  it('D-GROUP-CREATE-200 creates a group with a UUID id, null description by default and timestamps of now', async () => {
    const res = await server.request('POST', '/api/v1/groups', { body: { name: 'Partners' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      portal_id: 1,
      name: 'Partners',
      description: null,
      created_at: '2026-07-01T12:00:00.000000Z',
      updated_at: '2026-07-01T12:00:00.000000Z',
    });
    const got = await server.request('GET', `/api/v1/groups/${res.body.data.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('R-GROUP-CREATE D-GROUP-DESCRIPTION creates a group with a description; an empty description is stored as null', async () => {
    const withText = await server.request('POST', '/api/v1/groups', {
      body: { name: 'Partners', description: 'Resellers' },
    });
    expect(withText.body.data.description).toBe('Resellers');
    const empty = await server.request('POST', '/api/v1/groups', { body: { name: 'Others', description: '' } });
    expect(empty.body.data.description).toBeNull();
    const nul = await server.request('POST', '/api/v1/groups', { body: { name: 'Thirds', description: null } });
    expect(nul.body.data.description).toBeNull();
  });

  it('group name is required on create', async () => {
    for (const body of [{}, { name: '' }, { name: null }]) {
      const res = await server.request('POST', '/api/v1/groups', { body });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ name: ['The name field is required.'] }));
    }
  });

  it('R-GROUP-NAME group name must be 2-60 characters (boundaries 1, 2, 60, 61)', async () => {
    const short = await server.request('POST', '/api/v1/groups', { body: { name: 'a' } });
    expect(short.status).toBe(422);
    expect(short.body).toEqual(invalid({ name: ['The name field must be at least 2 characters.'] }));
    expect((await server.request('POST', '/api/v1/groups', { body: { name: 'ab' } })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/groups', { body: { name: 'x'.repeat(60) } })).status).toBe(200);
    const long = await server.request('POST', '/api/v1/groups', { body: { name: 'y'.repeat(61) } });
    expect(long.status).toBe(422);
    expect(long.body).toEqual(invalid({ name: ['The name field must not be greater than 60 characters.'] }));
  });

  it('D-GROUP-NAME group name length counts characters, not bytes', async () => {
    expect((await server.request('POST', '/api/v1/groups', { body: { name: 'é'.repeat(60) } })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/groups', { body: { name: '😀'.repeat(2) } })).status).toBe(200);
  });

  it('group name must be a string', async () => {
    const res = await server.request('POST', '/api/v1/groups', { body: { name: 42 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ name: ['The name field must be a string.'] }));
  });

  it('group description must be a string or null', async () => {
    const res = await server.request('POST', '/api/v1/groups', { body: { name: 'Partners', description: 5 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ description: ['The description field must be a string.'] }));
  });

  it('R-NAME-TAKEN D-VALIDATION-WORDING create group: a name already used is 422 errors.name "The name has already been taken."', async () => {
    const res = await server.request('POST', '/api/v1/groups', { body: { name: 'Beta testers' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ name: ['The name has already been taken.'] }));
    expect(server.store.portals[0].groups.list()).toHaveLength(2);
  });

  it('D-GROUP-NAME group names are case-sensitive', async () => {
    const res = await server.request('POST', '/api/v1/groups', { body: { name: 'beta testers' } });
    expect(res.status).toBe(200);
  });

  it('group names are unique per portal: another portal may use the same name', async () => {
    const res = await asOtherPortal('POST', '/api/v1/groups', { name: 'Beta testers' });
    expect(res.status).toBe(200);
  });

  it('creates a group from a form-urlencoded body', async () => {
    const res = await server.request('POST', '/api/v1/groups', {
      rawBody: 'name=Form+group&description=From+a+form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Form group', description: 'From a form' });
  });
});

describe('groups: update', () => {
  it('updates name and description with PATCH and moves updated_at', async () => {
    const res = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, {
      body: { name: 'Beta crew', description: 'New text' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: GROUP_BETA,
      portal_id: 1,
      name: 'Beta crew',
      description: 'New text',
      created_at: '2026-01-05T00:00:00.000000Z',
      updated_at: '2026-07-01T12:00:00.000000Z',
    });
  });

  it('R-GROUP-UPDATE group update accepts PUT as well as PATCH', async () => {
    const res = await server.request('PUT', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'Beta via PUT' } });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Beta via PUT');
  });

  it('R-GROUP-UPDATE D-GROUP-UPDATE group update fields are both optional: only the fields sent change', async () => {
    const onlyDescription = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, {
      body: { description: 'Only this' },
    });
    expect(onlyDescription.body.data).toMatchObject({ name: 'Beta testers', description: 'Only this' });
    const onlyName = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'Only name' } });
    expect(onlyName.body.data).toMatchObject({ name: 'Only name', description: 'Only this' });
  });

  it('D-GROUP-UPDATE group update with nothing to change keeps updated_at', async () => {
    const res = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'Beta testers' } });
    expect(res.status).toBe(200);
    expect(res.body.data.updated_at).toBe('2026-01-05T00:00:00.000000Z');
    const empty = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: {} });
    expect(empty.body.data.updated_at).toBe('2026-01-05T00:00:00.000000Z');
  });

  it('D-GROUP-DESCRIPTION group update can clear the description with null', async () => {
    const res = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { description: null } });
    expect(res.status).toBe(200);
    expect(res.body.data.description).toBeNull();
  });

  it('R-NAME-TAKEN update group: a name already used by another group is 422 errors.name "The name has already been taken."', async () => {
    const res = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'Empty group' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ name: ['The name has already been taken.'] }));
    expect(server.store.portals[0].groups.list()[0].name).toBe('Beta testers');
  });

  it('R-GROUP-NAME group update name follows the 2-60 rule (boundaries 1, 2, 60, 61)', async () => {
    const short = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'a' } });
    expect(short.status).toBe(422);
    expect(short.body).toEqual(invalid({ name: ['The name field must be at least 2 characters.'] }));
    expect((await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'ab' } })).status).toBe(200);
    expect(
      (await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'x'.repeat(60) } })).status,
    ).toBe(200);
    const long = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name: 'y'.repeat(61) } });
    expect(long.body).toEqual(invalid({ name: ['The name field must not be greater than 60 characters.'] }));
  });

  it('D-GROUP-UPDATE group update: a name sent empty or null is "The name field is required."', async () => {
    for (const name of ['', null]) {
      const res = await server.request('PATCH', `/api/v1/groups/${GROUP_BETA}`, { body: { name } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ name: ['The name field is required.'] }));
    }
  });

  it('group update of an unknown group is 404 with the model message', async () => {
    const res = await server.request('PUT', `/api/v1/groups/${UNKNOWN_UUID}`, { body: { name: 'Nope' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: `No query results for model [App\\Models\\Group] ${UNKNOWN_UUID}` });
  });
});

describe('groups: delete', () => {
  it('R-GROUP-DELETE-KEEPS-USERS R-GROUP-DELETE deleting a group answers "Group deleted successfully", removes its memberships and keeps the users', async () => {
    const res = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Group deleted successfully' });
    const portal = server.store.portals[0];
    expect(portal.groups.list().map((g) => g.id)).toEqual([GROUP_EMPTY]);
    expect(portal.users.list().map((u) => u.id)).toEqual([ANN, BOB, CARA]);
    expect((await server.request('GET', `/api/v1/groups/${GROUP_BETA}/users`)).status).toBe(404);
    expect((await server.request('GET', `/api/v1/groups/${GROUP_BETA}`)).status).toBe(404);
  });

  it("D-GROUP-DELETE a deleted group's name can be used again", async () => {
    await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}`);
    expect((await server.request('POST', '/api/v1/groups', { body: { name: 'Beta testers' } })).status).toBe(200);
  });

  it('deleting an unknown group is 404 with the model message', async () => {
    const res = await server.request('DELETE', `/api/v1/groups/${UNKNOWN_UUID}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: `No query results for model [App\\Models\\Group] ${UNKNOWN_UUID}` });
  });
});

describe('groups: users', () => {
  it('R-GROUP-USER-FIELDS R-GROUP-LIST-USERS D-GROUP-MEMBER-LIST lists the users of a group as {data: [User]} with counters and created_at in microseconds', async () => {
    const res = await server.request('GET', `/api/v1/groups/${GROUP_BETA}/users`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: BOB,
          database_id: 2,
          name: 'Bob Member',
          role: 'member',
          profile_url: `${server.url}/users/2`,
          avatar_small_url: expect.stringMatching(
            /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=64&d=identicon$/,
          ),
          counter_votes: 0,
          counter_comments: 1,
          counter_posts: 1,
          counter_comment_votes: 0,
          created_at: '2026-01-02T00:00:00.000000Z',
        },
      ],
    });
  });

  it('an empty group lists no users', async () => {
    const res = await server.request('GET', `/api/v1/groups/${GROUP_EMPTY}/users`);
    expect(res.body).toEqual({ data: [] });
  });

  it('R-ERROR-404 D-GROUP-USER-NOT-FOUND listing the users of an unknown group is 404 "Group or User not found"', async () => {
    const res = await server.request('GET', `/api/v1/groups/${UNKNOWN_UUID}/users`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Group or User not found' });
  });

  it('R-GROUP-ADD-USER adds a user by UUID key: "User added to group successfully"', async () => {
    const res = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: CARA } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User added to group successfully' });
    expect(members()).toEqual([BOB, CARA]);
    const list = await server.request('GET', `/api/v1/groups/${GROUP_BETA}/users`);
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([BOB, CARA]);
  });

  it('R-GROUP-ADD-USER D-GROUP-ADD adds a user by integer database id, as a number or a string of digits', async () => {
    expect((await server.request('POST', `/api/v1/groups/${GROUP_EMPTY}/users`, { body: { user_id: 1 } })).status).toBe(
      200,
    );
    expect(
      (await server.request('POST', `/api/v1/groups/${GROUP_EMPTY}/users`, { body: { user_id: '3' } })).status,
    ).toBe(200);
    expect(server.store.portals[0].groups.list()[1].user_ids).toEqual([ANN, CARA]);
  });

  it('R-GROUP-NO-DUPLICATE adding a user who is already a member is 422 "User is already in the group" and creates no duplicate', async () => {
    for (const user_id of [BOB, 2]) {
      const res = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'User is already in the group' });
    }
    expect(members()).toEqual([BOB]);
  });

  it('adding to an unknown group or an unknown user is 404 "Group or User not found"', async () => {
    const noGroup = await server.request('POST', `/api/v1/groups/${UNKNOWN_UUID}/users`, { body: { user_id: CARA } });
    expect(noGroup.status).toBe(404);
    expect(noGroup.body).toEqual({ message: 'Group or User not found' });
    for (const user_id of [UNKNOWN_UUID, 99, 'not-a-user']) {
      const noUser = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id } });
      expect(noUser.status).toBe(404);
      expect(noUser.body).toEqual({ message: 'Group or User not found' });
    }
    expect(members()).toEqual([BOB]);
  });

  it('D-GROUP-ADD a user of another portal cannot be added: 404 "Group or User not found"', async () => {
    const res = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, {
      body: { user_id: '44444444-4444-4444-8444-444444444444' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Group or User not found' });
  });

  it('adding a user needs user_id', async () => {
    for (const body of [{}, { user_id: '' }, { user_id: null }]) {
      const res = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ user_id: ['The user id field is required.'] }));
    }
    const wrongType = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: true } });
    expect(wrongType.body).toEqual(invalid({ user_id: ['The user id field must be a string or an integer.'] }));
    const fraction = await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: 2.5 } });
    expect(fraction.body).toEqual(invalid({ user_id: ['The user id field must be a string or an integer.'] }));
  });

  it('R-GROUP-REMOVE-USER removes a user by integer id: "User removed from group successfully"', async () => {
    const res = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User removed from group successfully' });
    expect(members()).toEqual([]);
    expect(server.store.portals[0].users.list().some((u) => u.id === BOB)).toBe(true);
  });

  it('R-GROUP-NOT-MEMBER removing a user who is not a member is 422 "User is not in the group"', async () => {
    const res = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: 3 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'User is not in the group' });
  });

  it('removing from an unknown group or an unknown user is 404 "Group or User not found"', async () => {
    const noGroup = await server.request('DELETE', `/api/v1/groups/${UNKNOWN_UUID}/users`, { body: { user_id: 2 } });
    expect(noGroup.status).toBe(404);
    expect(noGroup.body).toEqual({ message: 'Group or User not found' });
    const noUser = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: 99 } });
    expect(noUser.status).toBe(404);
    expect(noUser.body).toEqual({ message: 'Group or User not found' });
    expect(members()).toEqual([BOB]);
  });

  it('D-GROUP-REMOVE removing a user needs an integer user_id', async () => {
    const missing = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users`, { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(invalid({ user_id: ['The user id field is required.'] }));
    const uuid = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: BOB } });
    expect(uuid.status).toBe(422);
    expect(uuid.body).toEqual(invalid({ user_id: ['The user id field must be an integer.'] }));
    const fraction = await server.request('DELETE', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: 2.5 } });
    expect(fraction.body).toEqual(invalid({ user_id: ['The user id field must be an integer.'] }));
  });

  it("membership changes leave the group's updated_at alone", async () => {
    await server.request('POST', `/api/v1/groups/${GROUP_BETA}/users`, { body: { user_id: CARA } });
    const res = await server.request('GET', `/api/v1/groups/${GROUP_BETA}`);
    expect(res.body.data.updated_at).toBe('2026-01-05T00:00:00.000000Z');
  });
});
