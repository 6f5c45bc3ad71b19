import type { IncomingMessage } from 'node:http';
import type { ApiKeyRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { HttpError, UNAUTHENTICATED } from './error-response.js';

/** The portal's key from `Authorization: Bearer …`; keys of other portals and expired keys are 401. */
export function authenticate(req: IncomingMessage, portal: Portal, now: Date): ApiKeyRecord {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match ? portal.apiKeys.list().find((k) => k.token === match[1]) : undefined;
  if (!key || (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime())) {
    throw new HttpError(401, UNAUTHENTICATED);
  }
  return key;
}

const READ_ONLY_MESSAGE = 'This API key is read-only and cannot make changes.';

export function assertCanWrite(key: ApiKeyRecord): void {
  if (key.read_only) throw new HttpError(403, READ_ONLY_MESSAGE);
}
