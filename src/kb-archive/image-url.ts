/**
 * Where the images of a knowledge-base tab live: in an archive under `images/`, on the
 * portal at `/storage/kb/<tab id>/<key>`. The link stored in an article is that path,
 * without a host, so that it holds whichever of its host names the portal is reached by
 * (assumed, `D-KB-IMAGES` on KB-SYNC: "an `images/` folder is uploaded to storage and
 * the images are linked in").
 */
export const IMAGES_FOLDER = 'images';
export const IMAGE_URL_PREFIX = '/storage/kb/';

/**
 * The key an image is kept under in its tab: its path inside `images/`, or, for an image
 * an article links from elsewhere in the archive, its whole path. An export writes it
 * back as `images/<key>`.
 */
export function imageKeyOf(archivePath: string): string {
  return archivePath.startsWith(`${IMAGES_FOLDER}/`) ? archivePath.slice(IMAGES_FOLDER.length + 1) : archivePath;
}

export function exportPathOf(key: string): string {
  return `${IMAGES_FOLDER}/${key}`;
}

/** The path the portal serves an image at. */
export function imageUrl(tabId: number, key: string): string {
  return `${IMAGE_URL_PREFIX}${tabId}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The tab and key of an image path of the portal, or null for any other path. */
export function parseImageUrl(pathname: string): { tabId: number; key: string } | null {
  if (!pathname.startsWith(IMAGE_URL_PREFIX)) return null;
  const rest = pathname.slice(IMAGE_URL_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || !/^[1-9]\d{0,15}$/.test(rest.slice(0, slash))) return null;
  const tabId = Number(rest.slice(0, slash));
  try {
    const key = rest
      .slice(slash + 1)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
    return key === '' || !Number.isSafeInteger(tabId) ? null : { tabId, key };
  } catch {
    return null;
  }
}
