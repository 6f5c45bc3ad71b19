import type { IncomingMessage } from 'node:http';
import { IMAGE_URL_PREFIX, parseImageUrl } from '../../kb-archive/index.js';
import { HttpError } from '../http/error-response.js';
import type { Portal } from '../store/portal.js';

/** The images of the portal's knowledge-base tabs: `/storage/kb/<tab id>/<key>`. */
export function isImageRoute(pathname: string): boolean {
  return pathname.startsWith(IMAGE_URL_PREFIX);
}

/**
 * The answer to a request for an image a sync stored (`D-KB-IMAGES`), as the hosted service serves what it
 * uploads to storage: public, with no API key (an article's reader has none), under the
 * host name the portal is reached by. Not an API operation, so not in the endpoint table.
 * The type is the one judged from the bytes when they were stored; `nosniff` and a
 * sandboxing policy keep a browser from reading them as anything else.
 */
export function kbImageAnswer(
  req: IncomingMessage,
  portal: Portal,
  pathname: string,
): { status: 200 | 304; headers: Record<string, string | number>; body?: Buffer } {
  const method = (req.method ?? 'GET').toUpperCase();
  const route = pathname.replace(/^\//, '');
  if (method !== 'GET' && method !== 'HEAD') {
    throw new HttpError(
      405,
      `The ${method} method is not supported for route ${route}. Supported methods: GET, HEAD.`,
      {
        allow: 'GET, HEAD',
      },
    );
  }
  const named = parseImageUrl(pathname);
  const tab = named === null ? undefined : portal.tabs.get(named.tabId);
  const image = named && tab?.type === 'knowledge_base' ? portal.kbImages.get(named.tabId, named.key) : undefined;
  if (image === undefined) throw new HttpError(404, `The route ${route} could not be found.`);

  const etag = `"${image.sha256}"`;
  const headers = {
    'content-type': image.content_type,
    'cache-control': 'public, max-age=0, must-revalidate',
    etag,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (req.headers['if-none-match'] === etag) return { status: 304, headers };
  return {
    status: 200,
    headers: { ...headers, 'content-length': image.size },
    ...(method !== 'HEAD' && { body: image.data }),
  };
}
