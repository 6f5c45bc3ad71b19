import { defineGroup } from '../../framework/define-command.js';
import drift from './drift.js';
import get from './get.js';
import snapshot from './snapshot.js';

export const { register } = defineGroup({
  name: 'portal',
  description: 'Show the portal, copy it into a seed file to rehearse on, or compare it with the contract',
  commands: [get, snapshot, drift],
});
