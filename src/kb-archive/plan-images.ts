import { exportPathOf } from './image-url.js';
import { compareStrings } from './layout.js';
import type { ImageChange, ImagePlan, ParsedImage, StoredImage } from './model.js';

/**
 * What syncing the archive's images into the tab does, by key: an image the tab does not
 * keep is added, one whose bytes differ is changed, and an image of the tab that the
 * archive does not carry is removed (assumed, `D-KB-IMAGES`).
 */
export function planImages(stored: StoredImage[], images: ParsedImage[]): ImagePlan {
  const byKey = new Map(stored.map((s) => [s.key, s]));
  const plan: ImagePlan = { create: [], update: [], delete: [], unchanged: [] };
  const planned = new Set<string>();
  for (const image of images) {
    // One key may be carried twice with the same bytes (see readArchive): it is one image.
    if (planned.has(image.key)) continue;
    planned.add(image.key);
    const change: ImageChange = {
      key: image.key,
      path: image.path,
      content_type: image.contentType,
      bytes: image.data.length,
    };
    const current = byKey.get(image.key);
    if (current === undefined) plan.create.push(change);
    else if (current.sha256 !== image.sha256) plan.update.push(change);
    else plan.unchanged.push(change);
  }
  const carried = new Set(images.map((i) => i.key));
  plan.delete = stored
    .filter((s) => !carried.has(s.key))
    .sort((a, b) => compareStrings(a.key, b.key))
    .map((s) => ({ key: s.key, path: exportPathOf(s.key), content_type: s.content_type, bytes: s.size }));
  return plan;
}
