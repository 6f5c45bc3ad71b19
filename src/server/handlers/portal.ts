import { presentPortal } from '../present/portal.js';
import { ok, type HandlerMap } from './types.js';

export const portalHandlers: HandlerMap = {
  'portal.get': ({ portal }) => ok({ data: presentPortal(portal) }),
};
