import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, RuleViolation, ValidationError } from '../../../src/server/domain/errors.js';
import {
  addGroupUser,
  createGroup,
  deleteGroup,
  findGroup,
  groupMembers,
  removeGroupUser,
  updateGroup,
} from '../../../src/server/domain/groups.js';
import { presentGroup } from '../../../src/server/present/group.js';
import { storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { ANN, BOB, CARA, fixtureSeed, GROUP_BETA, GROUP_EMPTY } from '../../support/fixture-seed.js';

const NOW = new Date('2026-07-01T12:00:00Z');
let portal: Portal;
beforeEach(() => {
  portal = storedPortal(fixtureSeed(), new Date('2026-06-01T00:00:00Z'));
});

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('groups domain', () => {
  it("presents a group with the portal's numeric id and microsecond timestamps", () => {
    expect(presentGroup(portal, portal.groups.list()[1])).toEqual({
      id: GROUP_EMPTY,
      portal_id: 1,
      name: 'Empty group',
      description: null,
      created_at: '2026-01-06T00:00:00.000000Z',
      updated_at: '2026-01-06T00:00:00.000000Z',
    });
  });

  it('unknown group is a NotFoundError with the model message', () => {
    const err = thrown(() => findGroup(portal, '7'));
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toBe('No query results for model [App\\Models\\Group] 7');
  });

  it('group names are unique per portal and case-sensitive', () => {
    const err = thrown(() => createGroup(portal, { name: 'Beta testers' }, NOW));
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).errors).toEqual({ name: ['The name has already been taken.'] });
    expect(createGroup(portal, { name: 'BETA TESTERS' }, NOW).name).toBe('BETA TESTERS');
  });

  it('create fills a UUID, null description, no members and timestamps of now', () => {
    const g = createGroup(portal, { name: 'New', description: '' }, NOW);
    expect(g).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'New',
      description: null,
      user_ids: [],
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    expect(portal.groups.list().at(-1)).toEqual(g);
  });

  it("update may keep the group's own name, and moves updated_at only on change", () => {
    const same = updateGroup(portal, GROUP_BETA, { name: 'Beta testers', description: 'Early access' }, NOW);
    expect(same.updated_at).toBe('2026-01-05T00:00:00Z');
    const changed = updateGroup(portal, GROUP_BETA, { description: 'Changed' }, NOW);
    expect(changed.updated_at).toBe(NOW.toISOString());
    expect(changed.name).toBe('Beta testers');
  });

  it('update to a name another group holds is refused and changes nothing', () => {
    const err = thrown(() => updateGroup(portal, GROUP_BETA, { name: 'Empty group', description: 'x' }, NOW));
    expect(err).toBeInstanceOf(ValidationError);
    expect(portal.groups.list()[0]).toMatchObject({ name: 'Beta testers', description: 'Early access' });
  });

  it('deleting a group removes its memberships and keeps the users', () => {
    deleteGroup(portal, GROUP_BETA);
    expect(portal.groups.list().map((g) => g.id)).toEqual([GROUP_EMPTY]);
    expect(portal.users.list().map((u) => u.id)).toEqual([ANN, BOB, CARA]);
  });

  it('adding a user who is already a member is rejected and creates no duplicate', () => {
    const err = thrown(() => addGroupUser(portal, GROUP_BETA, BOB));
    expect(err).toBeInstanceOf(RuleViolation);
    expect((err as Error).message).toBe('User is already in the group');
    expect(thrown(() => addGroupUser(portal, GROUP_BETA, '2'))).toBeInstanceOf(RuleViolation);
    expect(portal.groups.list()[0].user_ids).toEqual([BOB]);
  });

  it('adds by UUID key (any case) or by database id', () => {
    addGroupUser(portal, GROUP_EMPTY, CARA.toUpperCase());
    addGroupUser(portal, GROUP_EMPTY, 1);
    expect(groupMembers(portal, GROUP_EMPTY).map((u) => u.id)).toEqual([CARA, ANN]);
  });

  it('group user operations on an unknown group or user are "Group or User not found"', () => {
    for (const fn of [
      () => addGroupUser(portal, 'nope', BOB),
      () => addGroupUser(portal, GROUP_BETA, 'nope'),
      () => removeGroupUser(portal, 'nope', 2),
      () => removeGroupUser(portal, GROUP_BETA, 42),
      () => groupMembers(portal, 'nope'),
    ]) {
      const err = thrown(fn);
      expect(err).toBeInstanceOf(NotFoundError);
      expect((err as Error).message).toBe('Group or User not found');
    }
  });

  it('removing a user who is not a member is rejected', () => {
    const err = thrown(() => removeGroupUser(portal, GROUP_BETA, 1));
    expect(err).toBeInstanceOf(RuleViolation);
    expect((err as Error).message).toBe('User is not in the group');
    removeGroupUser(portal, GROUP_BETA, 2);
    expect(portal.groups.list()[0].user_ids).toEqual([]);
  });
});
