import type { ProductVisionBody } from '../../contract/schemas/vision.js';
import type { Portal } from '../store/portal.js';
import type { ProductVisionRecord } from '../../seed-file/seed-file.js';
import { NotFoundError } from './errors.js';

/** `firstOrFail()` names no key: the portal has one vision or none. */
const NO_VISION = 'No query results for model [App\\Models\\ProductVision].';

/** PV1 (D-PRODUCT-VISION): the portal's vision; 404 when it has none. */
export function getVision(portal: Portal): ProductVisionRecord {
  const vision = portal.vision.get();
  if (!vision) throw new NotFoundError(NO_VISION);
  return vision;
}

/**
 * PV2 (D-PRODUCT-VISION): writes the vision, keeping its id and creation time when there was one;
 * a title left out (or null) keeps the title there was.
 */
export function upsertVision(portal: Portal, body: ProductVisionBody, now: Date): ProductVisionRecord {
  const was = portal.vision.get();
  const at = now.toISOString();
  const vision: ProductVisionRecord = {
    id: was?.id ?? portal.vision.nextId(),
    title: body.title ?? was?.title ?? '',
    content: body.content,
    created_at: was?.created_at ?? at,
    updated_at: at,
  };
  portal.vision.put(vision);
  return vision;
}

/** PV3 (D-PRODUCT-VISION): deletes the vision; 404 when there is none. */
export function deleteVision(portal: Portal): void {
  getVision(portal);
  portal.vision.delete();
}
