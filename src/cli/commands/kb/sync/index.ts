import { defineGroup } from '../../../framework/define-command.js';
import execute from './execute.js';
import exportVerb from './export.js';
import preview from './preview.js';

export const sync = defineGroup({
  name: 'sync',
  description: 'Export a tab as a ZIP of markdown files (folders are sections) and sync edits back',
  commands: [exportVerb, preview, execute],
});
