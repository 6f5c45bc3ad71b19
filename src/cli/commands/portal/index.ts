import { defineGroup } from '../../framework/define-command.js';
import get from './get.js';
import snapshot from './snapshot.js';

export const { register } = defineGroup({
  name: 'portal',
  description: 'Show the portal, or copy it into a seed file to rehearse on',
  commands: [get, snapshot],
});
