import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as get from './get.js';
import * as snapshot from './snapshot.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('portal').description('Show the portal, or copy it into a seed file to rehearse on');
  for (const verb of [get, snapshot]) verb.register(group, f);
}
