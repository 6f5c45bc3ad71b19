import { endpoints } from '../contract/endpoints.js';
import { fieldErrors } from '../contract/validation.js';
import type { CallResult } from './api-client.js';
import type { ApiClient } from './api-client.js';
import { RequestValidationError, ResponseShapeError } from './errors.js';
import { multipartBody, type MultipartPart } from './multipart-body.js';

export type SyncOperation = 'knowledgebase.preview' | 'knowledgebase.execute';

export interface SyncFields {
  tab_id: number;
  /** Article ids (post keys) whose deletion is confirmed. */
  delete_confirmed?: Array<string | number>;
  delete_sections_confirmed?: number[];
}

/**
 * Uploads a ZIP from disk to sync preview or execute as a streamed
 * multipart/form-data body with an exact Content-Length (never buffered whole),
 * and returns the answer checked against the endpoint's schema.
 */
export async function uploadArchive<K extends SyncOperation>(
  client: ApiClient,
  name: K,
  zipPath: string,
  fields: SyncFields,
  filename = 'archive.zip',
): Promise<CallResult<K>> {
  const endpoint = endpoints[name];
  const checked = endpoint.multipart.safeParse(fields);
  if (!checked.success) throw new RequestValidationError('The given data was invalid.', fieldErrors(checked.error));

  const parts: MultipartPart[] = [
    { name: 'tab_id', value: String(fields.tab_id) },
    ...(fields.delete_confirmed ?? []).map((id) => ({ name: 'delete_confirmed[]', value: String(id) })),
    ...(fields.delete_sections_confirmed ?? []).map((id) => ({ name: 'delete_sections_confirmed[]', value: String(id) })),
    { name: 'file', filePath: zipPath, filename, contentType: 'application/zip' },
  ];
  const form = await multipartBody(parts);
  const res = await client.send(endpoint.method, endpoint.path, {
    rawBody: form.body,
    headers: { 'content-type': form.contentType, 'content-length': String(form.contentLength) },
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ResponseShapeError(`unexpected response from ${endpoint.method} ${endpoint.path}: the body is not JSON`);
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ResponseShapeError(`unexpected response from ${endpoint.method} ${endpoint.path}: ${where}${issue.message}`);
  }
  return parsed.data as CallResult<K>;
}
