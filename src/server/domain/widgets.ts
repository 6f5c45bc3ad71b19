import type { Portal } from '../store/portal.js';
import type { WidgetRecord } from '../../seed-file/seed-file.js';
import { noQueryResults } from './errors.js';

/** W2 (D-WIDGETS): a widget by its id, whatever its case; 404 in the service's words otherwise. */
export function findWidget(portal: Portal, id: string): WidgetRecord {
  const widget = portal.widgets.get(id);
  if (!widget) throw noQueryResults('Widget', id);
  return widget;
}
