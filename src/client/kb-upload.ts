import { Readable } from 'node:stream';
import { endpoints } from '../contract/endpoints.js';
import { fieldErrors } from '../contract/validation.js';
import { readText, type CallResult } from './api-client.js';
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

/** A ZIP file on disk, or a ZIP made on the way (a folder being zipped). */
export type ArchiveBody = { filePath: string } | { stream: AsyncIterable<Buffer> };

/** Bytes of the upload sent so far, and of all when known. */
export type UploadProgress = (sent: number, total: number | undefined) => void;

/**
 * Uploads a ZIP to sync preview or execute as a streamed multipart/form-data
 * body (never buffered whole): a file with an exact Content-Length, a stream
 * chunked. An error of the stream itself (a file that cannot be read, a size
 * limit) is thrown as it is, not as a network failure. Returns the answer
 * checked against the endpoint's schema.
 */
export async function uploadArchive<K extends SyncOperation>(
  client: ApiClient,
  name: K,
  /** A ZIP file's path, or the body. */
  archive: string | ArchiveBody,
  fields: SyncFields,
  filename = 'archive.zip',
  onProgress?: UploadProgress,
): Promise<CallResult<K>> {
  const endpoint = endpoints[name];
  const checked = endpoint.multipart.safeParse(fields);
  if (!checked.success) throw new RequestValidationError('The given data was invalid.', fieldErrors(checked.error));

  const parts: MultipartPart[] = [
    { name: 'tab_id', value: String(fields.tab_id) },
    ...(fields.delete_confirmed ?? []).map((id) => ({ name: 'delete_confirmed[]', value: String(id) })),
    ...(fields.delete_sections_confirmed ?? []).map((id) => ({
      name: 'delete_sections_confirmed[]',
      value: String(id),
    })),
  ];
  let failure: { err: unknown } | undefined;
  if (typeof archive === 'string') archive = { filePath: archive };
  const file =
    'filePath' in archive
      ? { name: 'file', filePath: archive.filePath, filename, contentType: 'application/zip' }
      : {
          name: 'file',
          stream: remember(archive.stream, (err) => (failure ??= { err })),
          filename,
          contentType: 'application/zip',
        };
  const form = await multipartBody([...parts, file]);
  const body = onProgress
    ? Readable.from(counted(form.body, form.contentLength, onProgress), { objectMode: false })
    : form.body;
  let res;
  try {
    res = await client.send(endpoint.method, endpoint.path, {
      rawBody: body,
      headers: {
        'content-type': form.contentType,
        ...(form.contentLength !== undefined ? { 'content-length': String(form.contentLength) } : {}),
      },
    });
  } catch (err) {
    throw failure ? failure.err : err;
  }
  if (failure) {
    await res.body.dump();
    throw failure.err;
  }
  const text = await readText(res);
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
    throw new ResponseShapeError(
      `unexpected response from ${endpoint.method} ${endpoint.path}: ${where}${issue.message}`,
    );
  }
  return parsed.data as CallResult<K>;
}

async function* remember(stream: AsyncIterable<Buffer>, onError: (err: unknown) => void): AsyncGenerator<Buffer> {
  try {
    yield* stream;
  } catch (err) {
    onError(err);
    throw err;
  }
}

async function* counted(
  body: AsyncIterable<Buffer>,
  total: number | undefined,
  onProgress: UploadProgress,
): AsyncGenerator<Buffer> {
  let sent = 0;
  for await (const chunk of body) {
    sent += chunk.length;
    onProgress(sent, total);
    yield chunk;
  }
}
