import { createCategory, deleteCategory, presentCategory, updateCategory } from '../domain/categories.js';
import { ok, type HandlerMap } from './types.js';

export const categoryHandlers: HandlerMap = {
  'categories.list': ({ portal }) => ok({ data: portal.categories.list().map(presentCategory) }),
  'categories.create': ({ portal, body }) => ok({ data: presentCategory(createCategory(portal, body)) }),
  'categories.update': ({ portal, params, body }) =>
    ok({ data: presentCategory(updateCategory(portal, params.id, body)) }),
  'categories.delete': ({ portal, params }) => {
    deleteCategory(portal, params.id);
    return ok({ message: 'Category deleted successfully' });
  },
};
