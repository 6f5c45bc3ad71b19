import type { Group } from '../../../contract/schemas/group.js';
import type { RunContext } from '../../framework/define-command.js';
import type { ArgSpec } from '../../framework/flags.js';
import { resolveGroup } from '../../resolve/group.js';

export const groupArg: ArgSpec = { name: 'group', description: 'group id (UUID) or unique name', complete: 'groups' };

/** The group the GROUP argument names, looked up once a run (confirm and run share it). */
export const groupOf = ({ opts, client, once }: RunContext<{ group: string }>): Promise<Group> =>
  once('group', async () => resolveGroup(await client(), opts.group));
