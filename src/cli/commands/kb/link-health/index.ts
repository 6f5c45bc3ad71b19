import type { Command } from 'commander';
import type { Factory } from '../../../factory.js';
import * as progress from './progress.js';
import * as results from './results.js';
import * as scan from './scan.js';

export function register(parent: Command, f: Factory): void {
  const group = parent
    .command('link-health')
    .description('Check the http(s) links of every article of a tab: 4xx, 5xx and unreachable hosts are broken');
  for (const verb of [scan, progress, results]) verb.register(group, f);
}
