import type { IncomingMessage } from 'node:http';
import { BodyError, MAX_JSON_DEPTH, nestsDeeperThan, readBody } from './read-body.js';
import { FormFields } from './form-fields.js';
import { readFormParts } from './read-form-parts.js';

const JSON_BODY_LIMIT = 1024 * 1024;

/** The encodings a body of fields may come in, as the document lists them (D-HTTP-BODY-ENCODINGS). */
const BODY_ENCODINGS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;

const UNSUPPORTED = `The request body must be sent as ${BODY_ENCODINGS.join(', ')}.`;

/** `application/json; charset=utf-8` → `application/json`; none → undefined. */
function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(';')[0].trim().toLowerCase();
  return type ? type : undefined;
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * A request body of fields, refusing more than `limit` bytes: JSON (also with no content
 * type, and `+json` types), a form (`application/x-www-form-urlencoded`) or the text parts
 * of `multipart/form-data`, as Laravel reads each into the request's input. An empty body
 * is `{}`; a body in another encoding is refused (415) before it is read.
 */
export async function readJson(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const type = mediaType(req.headers['content-type']);
  const json = type === undefined || type === 'application/json' || type.endsWith('+json');
  if (type === 'multipart/form-data') return readFormParts(req, limit);
  if (!json && type !== 'application/x-www-form-urlencoded' && hasBody(req)) throw new BodyError(415, UNSUPPORTED);
  const bytes = await readBody(
    req,
    limit,
    () => new BodyError(413, `The request body must not be larger than ${limit} bytes.`),
  );
  const text = bytes.toString('utf8').trim();
  if (!text) return {};
  if (!json) return FormFields.of(new URLSearchParams(text));
  if (nestsDeeperThan(text)) {
    throw new BodyError(400, `The request body must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BodyError(400, 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
