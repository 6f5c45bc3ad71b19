import {
  addGroupUser,
  GROUP_OR_USER_NOT_FOUND,
  createGroup,
  deleteGroup,
  findGroup,
  groupMembers,
  removeGroupUser,
  updateGroup,
} from '../domain/groups.js';
import { NotFoundError } from '../domain/errors.js';
import { userByKeyOrDatabaseId } from '../domain/users.js';
import { presentGroup } from '../present/group.js';
import { presentGroupUser, userCounters } from '../present/user.js';
import { ok, type HandlerMap } from './types.js';

export const groupHandlers: HandlerMap = {
  'groups.list': ({ portal }) => ok({ data: portal.groups.list().map((g) => presentGroup(portal, g)) }),
  'groups.create': ({ portal, body, now }) => ok({ data: presentGroup(portal, createGroup(portal, body, now)) }),
  'groups.get': ({ portal, params }) => ok({ data: presentGroup(portal, findGroup(portal, params.id)) }),
  'groups.update': ({ portal, params, body, now }) =>
    ok({ data: presentGroup(portal, updateGroup(portal, params.id, body, now)) }),
  'groups.delete': ({ portal, params }) => {
    deleteGroup(portal, params.id);
    return ok({ message: 'Group deleted successfully' });
  },
  'groups.listUsers': ({ portal, params, origin }) => {
    const counters = userCounters(portal);
    return ok({ data: groupMembers(portal, params.group).map((u) => presentGroupUser(portal, u, origin, counters)) });
  },
  'groups.addUser': ({ portal, params, body }) => {
    addGroupUser(portal, params.group, body.user_id);
    return ok({ message: 'User added to group successfully' });
  },
  'groups.removeUser': ({ portal, params, body }) => {
    removeGroupUser(portal, params.group, body.user_id);
    return ok({ message: 'User removed from group successfully' });
  },
  'groups.addUserInPath': ({ portal, params }) => {
    addGroupUser(portal, params.group, params.user);
    return ok({ message: 'User added to group successfully' });
  },
  // The path form names the user by UUID key or integer id; the body form takes the integer id only.
  'groups.removeUserInPath': ({ portal, params }) => {
    const user = userByKeyOrDatabaseId(portal, params.user);
    if (!user) throw new NotFoundError(GROUP_OR_USER_NOT_FOUND);
    removeGroupUser(portal, params.group, user.database_id);
    return ok({ message: 'User removed from group successfully' });
  },
};
