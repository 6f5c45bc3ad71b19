import { defineGroup } from '../../framework/define-command.js';
import tail from './tail.js';

export const { register } = defineGroup({
  name: 'events',
  description: "The portal's events log (reference server)",
  commands: [tail],
});
