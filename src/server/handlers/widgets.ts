import { deleteVision, getVision, upsertVision } from '../domain/product-vision.js';
import { findWidget } from '../domain/widgets.js';
import { presentVision, presentWidget } from '../present/widget.js';
import { ok, type HandlerMap } from './types.js';

export const widgetHandlers: HandlerMap = {
  'widgets.list': ({ portal }) => ok({ data: portal.widgets.list().map(presentWidget) }),
  'widgets.get': ({ portal, params }) => ok({ data: presentWidget(findWidget(portal, params.widget)) }),
  'vision.get': ({ portal }) => ok({ data: presentVision(getVision(portal)) }),
  'vision.upsert': ({ portal, body, now }) => ok({ data: presentVision(upsertVision(portal, body, now)) }),
  'vision.delete': ({ portal }) => {
    deleteVision(portal);
    return ok({ message: 'Product vision deleted successfully' });
  },
};
