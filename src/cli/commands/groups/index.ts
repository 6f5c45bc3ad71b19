import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as get from './get.js';
import * as list from './list.js';
import * as update from './update.js';
import * as users from './users/index.js';

export function register(program: Command, f: Factory): void {
  const group = program
    .command('groups')
    .description('Manage user groups and their members')
    .addHelpText('after', '\nA group is given by its id (UUID) or its unique name.');
  for (const verb of [list, get, create, update, del, users]) verb.register(group, f);
}
