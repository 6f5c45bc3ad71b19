import { randomUUID } from 'node:crypto';
import type { GroupRecord, UserRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { NotFoundError, noQueryResults, RuleViolation, ValidationError } from './errors.js';
import { userByKeyOrDatabaseId } from './users.js';

const NAME_TAKEN = 'The name has already been taken.';
export const GROUP_OR_USER_NOT_FOUND = 'Group or User not found';

/** Group ids are UUIDs, matched without regard to case as the database's collation does; anything else finds nothing. */
function lookupGroup(portal: Portal, rawId: string): GroupRecord | undefined {
  return portal.groups.get(rawId);
}

export function findGroup(portal: Portal, rawId: string): GroupRecord {
  const group = lookupGroup(portal, rawId);
  if (!group) throw noQueryResults('Group', rawId);
  return group;
}

/** Names are unique per portal and compared case-sensitively, as category names are. */
function assertNameFree(portal: Portal, name: string, except?: GroupRecord): void {
  const holder = portal.groups.named(name);
  if (holder && holder.id !== except?.id) throw ValidationError.field('name', NAME_TAKEN);
}

/** An empty description is stored as null, as the service's empty-string-to-null middleware does. */
const normalizeDescription = (d: string | null | undefined): string | null => (d === undefined || d === '' ? null : d);

export function createGroup(
  portal: Portal,
  input: { name: string; description?: string | null },
  now: Date,
): GroupRecord {
  assertNameFree(portal, input.name);
  const stamp = now.toISOString();
  const group: GroupRecord = {
    id: randomUUID(),
    name: input.name,
    description: normalizeDescription(input.description),
    user_ids: [],
    created_at: stamp,
    updated_at: stamp,
  };
  portal.groups.insert(group);
  return group;
}

/** Only the fields sent change; `updated_at` moves only when something actually changed. */
export function updateGroup(
  portal: Portal,
  rawId: string,
  input: { name?: string; description?: string | null },
  now: Date,
): GroupRecord {
  const group = findGroup(portal, rawId);
  let changed = false;
  if (input.name !== undefined && input.name !== group.name) {
    assertNameFree(portal, input.name, group);
    group.name = input.name;
    changed = true;
  }
  if (input.description !== undefined) {
    const description = normalizeDescription(input.description);
    if (description !== group.description) {
      group.description = description;
      changed = true;
    }
  }
  if (changed) {
    group.updated_at = now.toISOString();
    portal.groups.update(group.id, { name: group.name, description: group.description, updated_at: group.updated_at });
  }
  return group;
}

/** Memberships live on the group, so they go with it; user accounts stay. */
export function deleteGroup(portal: Portal, rawId: string): void {
  const group = findGroup(portal, rawId);
  portal.groups.delete(group.id);
}

function groupForMembership(portal: Portal, rawId: string): GroupRecord {
  const group = lookupGroup(portal, rawId);
  if (!group) throw new NotFoundError(GROUP_OR_USER_NOT_FOUND);
  return group;
}

/** The members in the order they joined. */
export function groupMembers(portal: Portal, rawId: string): UserRecord[] {
  const group = groupForMembership(portal, rawId);
  return portal.groups.members(group.id);
}

export function addGroupUser(portal: Portal, rawGroupId: string, userRef: string | number): void {
  const group = groupForMembership(portal, rawGroupId);
  const user = userByKeyOrDatabaseId(portal, userRef);
  if (!user) throw new NotFoundError(GROUP_OR_USER_NOT_FOUND);
  if (portal.groups.isMember(group.id, user.id)) throw new RuleViolation('User is already in the group');
  portal.groups.addMember(group.id, user.id);
}

export function removeGroupUser(portal: Portal, rawGroupId: string, userDatabaseId: number): void {
  const group = groupForMembership(portal, rawGroupId);
  const user = Number.isSafeInteger(userDatabaseId) ? portal.users.byDatabaseId(userDatabaseId) : undefined;
  if (!user) throw new NotFoundError(GROUP_OR_USER_NOT_FOUND);
  if (!portal.groups.isMember(group.id, user.id)) throw new RuleViolation('User is not in the group');
  portal.groups.removeMember(group.id, user.id);
}
