import type { ArgSpec } from '../../framework/flags.js';

export const groupArg: ArgSpec = { name: 'group', description: 'group id (UUID) or unique name', complete: 'groups' };
