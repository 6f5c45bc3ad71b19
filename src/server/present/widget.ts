import type { ProductVision } from '../../contract/schemas/vision.js';
import type { Widget } from '../../contract/schemas/widget.js';
import type { ProductVisionRecord, WidgetRecord } from '../../seed-file/seed-file.js';
import { isoMicros } from './user.js';

/** What the portal embeds (widgets) and where it is headed (its product vision). */

export const presentWidget = (w: WidgetRecord): Widget => ({
  id: w.id,
  name: w.name,
  type: w.type,
  tab_id: w.tab_id,
  created_at: isoMicros(w.created_at),
  updated_at: isoMicros(w.updated_at),
});

export const presentVision = (v: ProductVisionRecord): ProductVision => ({
  id: v.id,
  title: v.title,
  content: v.content,
  created_at: isoMicros(v.created_at),
  updated_at: isoMicros(v.updated_at),
});
