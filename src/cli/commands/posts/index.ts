import { defineGroup } from '../../framework/define-command.js';
import list from './list.js';

export const { register } = defineGroup({ name: 'posts', description: 'List posts with filters', commands: [list] });
