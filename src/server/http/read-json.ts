import type { IncomingMessage } from 'node:http';
import { BodyError, MAX_JSON_DEPTH, nestsDeeperThan, readBody } from './read-body.js';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Read a JSON request body (an empty body is `{}`), refusing more than `limit` bytes. */
export async function readJson(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const bytes = await readBody(
    req,
    limit,
    () => new BodyError(413, `The request body must not be larger than ${limit} bytes.`),
  );
  const text = bytes.toString('utf8').trim();
  if (!text) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
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
