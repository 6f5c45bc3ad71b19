import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as linkHealth from './link-health/index.js';
import * as sync from './sync/index.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('kb').description('Knowledge base: check article links, export and sync sections and articles as ZIP archives');
  linkHealth.register(group, f);
  sync.register(group, f);
}
