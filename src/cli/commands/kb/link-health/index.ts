import { defineGroup } from '../../../framework/define-command.js';
import progress from './progress.js';
import results from './results.js';
import scan from './scan.js';

export const linkHealth = defineGroup({
  name: 'link-health',
  description: 'Check the http(s) links of every article of a tab: 4xx, 5xx and unreachable hosts are broken',
  commands: [scan, progress, results],
});
