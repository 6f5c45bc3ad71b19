import { defineGroup } from '../../framework/define-command.js';
import { linkHealth } from './link-health/index.js';
import { sync } from './sync/index.js';

export const { register } = defineGroup({
  name: 'kb',
  description: 'Knowledge base: check article links, export and sync sections and articles as ZIP archives',
  commands: [linkHealth, sync],
});
