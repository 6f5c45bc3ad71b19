import { defineGroup } from '../../framework/define-command.js';
import get from './get.js';

export const { register } = defineGroup({ name: 'portal', description: 'Show the portal the API key belongs to', commands: [get] });
