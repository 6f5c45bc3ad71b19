import type { Command } from 'commander';
import type { Factory } from '../../../factory.js';
import * as execute from './execute.js';
import * as exportVerb from './export.js';
import * as preview from './preview.js';

export function register(parent: Command, f: Factory): void {
  const group = parent
    .command('sync')
    .description('Export a tab as a ZIP of markdown files (folders are sections) and sync edits back');
  for (const verb of [exportVerb, preview, execute]) verb.register(group, f);
}
