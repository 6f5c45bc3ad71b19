import { defineGroup } from '../../framework/define-command.js';
import block from './block.js';
import bulkDelete from './bulk-delete.js';
import create from './create.js';
import del from './delete.js';
import find from './find.js';
import get from './get.js';
import groups from './groups.js';
import list from './list.js';
import unblock from './unblock.js';
import update from './update.js';
import { groupFilters, planTypes, segmentKeys } from './user-filters.js';

export const { register } = defineGroup({
  name: 'users',
  description: 'List, show, find, invite, update, block and delete users; the groups a user is in (assumed operations)',
  help: 'A user is given by UUID, integer id, e-mail or name. list, get, find, create, update and delete are assumed operations (D-USER-LIST, D-USER-GET, D-USER-FIND, D-USER-WRITE, D-USER-DELETE); block, unblock and bulk-delete too (D-USER-BULK), and group-filters, plan-types and segment-keys, what a user list can be filtered by (D-USER-FILTERS).',
  commands: [
    list,
    get,
    find,
    groups,
    create,
    update,
    del,
    block,
    unblock,
    bulkDelete,
    groupFilters,
    planTypes,
    segmentKeys,
  ],
});
