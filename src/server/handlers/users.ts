import {
  createUser,
  deleteUser,
  deleteUsers,
  findUserByEmail,
  findUserByRef,
  listUsers,
  setUsersBlocked,
  updateUser,
} from '../domain/users.js';
import { groupFilters, planTypes, segmentKeys } from '../domain/user-filters.js';
import { presentPortalUser, userCounters } from '../present/user.js';
import { ok, paged, type HandlerMap } from './types.js';

export const userHandlers: HandlerMap = {
  'users.list': ({ portal, query, origin }) => {
    const page = listUsers(portal, query);
    const counters = userCounters(portal);
    return paged(
      page.users.map((u) => presentPortalUser(portal, u, origin, counters)),
      page,
    );
  },
  'users.get': ({ portal, params, origin }) =>
    ok({ data: presentPortalUser(portal, findUserByRef(portal, params.user), origin) }),
  'users.findByEmail': ({ portal, query, origin }) =>
    ok({ data: presentPortalUser(portal, findUserByEmail(portal, query.email), origin) }),
  'users.create': ({ portal, body, now, origin }) =>
    ok({ data: presentPortalUser(portal, createUser(portal, body, now), origin) }),
  'users.update': ({ portal, params, body, origin }) =>
    ok({ data: presentPortalUser(portal, updateUser(portal, params.user, body), origin) }),
  'users.delete': ({ portal, params }) => {
    deleteUser(portal, params.user);
    return ok({ message: 'User deleted successfully' });
  },
  'users.bulkBlock': ({ portal, body, now }) => ok(setUsersBlocked(portal, body, true, now)),
  'users.bulkUnblock': ({ portal, body, now }) => ok(setUsersBlocked(portal, body, false, now)),
  'users.bulkDelete': ({ portal, body }) => ok(deleteUsers(portal, body)),
  'users.groupsFilter': ({ portal }) => ok({ data: groupFilters(portal) }),
  'users.planTypes': ({ portal }) => ok({ data: planTypes(portal) }),
  'users.segmentKeys': ({ portal }) => ok({ data: segmentKeys(portal) }),
};
