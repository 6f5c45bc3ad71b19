import { defineGroup } from '../../framework/define-command.js';
import add from './add.js';
import deliveries from './deliveries.js';
import list from './list.js';
import listen from './listen.js';
import remove from './remove.js';
import resend from './resend.js';
import trigger from './trigger.js';
import verify from './verify.js';

export const { register } = defineGroup({
  name: 'webhooks',
  description: "Receive, verify and forward the portal's webhooks; manage the reference server's",
  commands: [listen, list, add, remove, deliveries, resend, trigger, verify],
});
