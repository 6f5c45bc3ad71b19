import { defineGroup } from '../../framework/define-command.js';
import create from './create.js';
import del from './delete.js';
import list from './list.js';
import summarize from './summarize.js';
import update from './update.js';

export const { register } = defineGroup({
  name: 'feedback',
  description: 'Manage feedback entries and summarize them',
  commands: [list, create, update, del, summarize],
});
