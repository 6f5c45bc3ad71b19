import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { normalizeInput } from './normalize-input.js';

interface UploadedFile {
  path: string;
  filename: string;
  size: number;
  mimeType: string;
}

export interface MultipartForm {
  /**
   * Repeated names and `name[]` names (stored without the brackets) become arrays;
   * values are normalised as every input is (trimmed, empty is null).
   */
  fields: Record<string, string | null | Array<string | null>>;
  file: UploadedFile | null;
  /** Removes the temp file; call it once the upload has been used. */
  cleanup(): Promise<void>;
}

export interface ReadMultipartOptions {
  maxFileBytes: number;
  /** Parent of the per-request temp directory; defaults to os.tmpdir(). */
  tmpDir?: string;
  /** Name of the one file part accepted; defaults to `file`. */
  fileField?: string;
  /** Defaults to 1000, like PHP's max_input_vars. */
  maxFields?: number;
  /** Longest accepted field value; defaults to 64 KiB. */
  maxFieldBytes?: number;
  /**
   * Room for the non-file parts and part headers: a body longer than
   * maxFileBytes + overheadBytes cannot hold an acceptable file. Defaults to 1 MiB.
   */
  overheadBytes?: number;
}

/** `field` names the form field a 413/422 is about, for a validation-style `errors` object. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const DEFAULT_MAX_FIELDS = 1000;
const DEFAULT_MAX_FIELD_BYTES = 64 * 1024;
const DEFAULT_OVERHEAD_BYTES = 1024 * 1024;

function fileTooLargeMessage(field: string, maxFileBytes: number): string {
  return `The ${field} field must not be greater than ${Math.floor(maxFileBytes / 1024)} kilobytes.`;
}

/**
 * Streams a multipart/form-data request: fields into memory (bounded), the one
 * file into a fresh temp directory. Throws MultipartError:
 * - 422 `The file field is required.` when the body is not multipart/form-data.
 *   422 rather than 415 because the API answers a request without the file the
 *   way its validation does, whatever the body's type.
 * - 413 when the file is over maxFileBytes, or the body over maxFileBytes +
 *   overheadBytes (a declared Content-Length is refused before any byte is read).
 * - 400 for a malformed or interrupted body.
 * - 422 for a second file, a file under another name, too many or too long fields.
 * - 500 when the temp file cannot be written.
 *
 * On any error the temp directory is already removed and the rest of the body
 * is left unread (paused, so the client is held back by backpressure); answer
 * the refusal after calling dropUnreadBody(req, res).
 */
export async function readMultipart(req: IncomingMessage, opts: ReadMultipartOptions): Promise<MultipartForm> {
  const limits = uploadLimits(opts);
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*(?:;|$)/i.test(contentType)) {
    throw new MultipartError(422, `The ${limits.fileField} field is required.`, limits.fileField);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) throw limits.tooLarge();
  const parser = createParser(req, opts, limits);
  const dir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'fp-upload-')).catch((err) => {
    throw storageFailed(err as NodeJS.ErrnoException);
  });
  return new Promise<MultipartForm>((resolve, reject) => {
    new MultipartReading(req, parser, dir, limits, { resolve, reject }).start();
  });
}

/** The bounds of one upload, with the options' defaults filled. */
interface UploadLimits {
  fileField: string;
  maxFields: number;
  maxBodyBytes: number;
  tooLarge: () => MultipartError;
}

function uploadLimits(opts: ReadMultipartOptions): UploadLimits {
  const fileField = opts.fileField ?? 'file';
  return {
    fileField,
    maxFields: opts.maxFields ?? DEFAULT_MAX_FIELDS,
    maxBodyBytes: opts.maxFileBytes + (opts.overheadBytes ?? DEFAULT_OVERHEAD_BYTES),
    tooLarge: () => new MultipartError(413, fileTooLargeMessage(fileField, opts.maxFileBytes), fileField),
  };
}

function createParser(req: IncomingMessage, opts: ReadMultipartOptions, limits: UploadLimits): busboy.Busboy {
  try {
    return busboy({
      headers: req.headers,
      defParamCharset: 'utf8', // clients send UTF-8 filenames raw, as browsers do
      limits: {
        // busboy flags a file as truncated once it *reaches* fileSize
        fileSize: opts.maxFileBytes + 1,
        files: 1,
        fields: limits.maxFields,
        fieldSize: opts.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES,
      },
    });
  } catch (err) {
    throw malformed(err);
  }
}

/**
 * One request's body on its way through the parser: fields kept, the one file
 * written to `dir`, and the first problem ending it all (the temp directory
 * removed before the refusal is reported).
 */
class MultipartReading {
  private readonly fields = new Map<string, string | string[]>();
  private file: UploadedFile | null = null;
  private fileWritten: Promise<void> = Promise.resolve();
  private abortFile: (() => void) | null = null;
  private received = 0;
  private settled = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly parser: busboy.Busboy,
    private readonly dir: string,
    private readonly limits: UploadLimits,
    private readonly outcome: { resolve: (form: MultipartForm) => void; reject: (err: MultipartError) => void },
  ) {}

  private readonly cleanup = () => rm(this.dir, { recursive: true, force: true });

  private readonly onData = (chunk: Buffer) => {
    this.received += chunk.length;
    if (this.received > this.limits.maxBodyBytes) this.fail(this.limits.tooLarge());
  };

  private readonly onClose = () => {
    if (!this.req.complete)
      this.fail(new MultipartError(400, 'The upload was interrupted before the end of the body.'));
  };

  start(): void {
    const { req, parser, limits } = this;
    // A client reset after we gave up must not surface as an unhandled 'error'.
    req.on('error', () => {});
    req.on('data', this.onData);
    req.on('close', this.onClose);
    parser.on('error', (err) => this.fail(malformed(err)));
    parser.on('filesLimit', () =>
      this.fail(new MultipartError(422, 'Only one file may be uploaded.', limits.fileField)),
    );
    parser.on('fieldsLimit', () =>
      this.fail(new MultipartError(422, `No more than ${limits.maxFields} fields may be sent.`)),
    );
    parser.on('field', (name: string | undefined, value, info) => this.field(name, value, info.valueTruncated));
    parser.on('file', (name: string | undefined, stream, info) => this.fileStarted(name, stream, info));
    parser.on('close', () => this.finish());
    req.pipe(parser);
  }

  private field(name: string | undefined, value: string, truncated: boolean): void {
    if (!name) this.fail(unnamedPart());
    else if (truncated) this.fail(new MultipartError(422, `The ${name} field is too long.`, name));
    else addField(this.fields, name, value);
  }

  private fileStarted(name: string | undefined, stream: Readable, info: busboy.FileInfo): void {
    const { fileField } = this.limits;
    // destroying the parser destroys the current file stream with an error
    stream.on('error', () => {});
    if (!name || name !== fileField) {
      stream.resume();
      this.fail(
        name
          ? new MultipartError(422, `Unexpected file in the ${name} field; send the file as ${fileField}.`, name)
          : unnamedPart(),
      );
      return;
    }
    const target = path.join(this.dir, 'upload');
    const out = createWriteStream(target, { flags: 'wx' });
    // resolves only once the descriptor is closed, so the directory can be removed
    const closed = new Promise<void>((done) => out.once('close', () => done()));
    stream.on('limit', () => this.fail(this.limits.tooLarge()));
    // Both ends explicitly: a source destroyed after busboy's 'limit' is not
    // always noticed by pipeline(), which then never closes the temp file.
    this.abortFile = () => {
      const aborted = new Error('upload aborted');
      stream.destroy(aborted);
      out.destroy(aborted);
    };
    const written = pipeline(stream, out);
    this.fileWritten = Promise.allSettled([written, closed])
      .then(() => written)
      .then(() => {
        this.file = { path: target, filename: info.filename ?? '', size: out.bytesWritten, mimeType: info.mimeType };
      });
    this.fileWritten.catch((err) => this.fail(isFsError(err) ? storageFailed(err) : malformed(err)));
  }

  private finish(): void {
    this.fileWritten.then(
      () => {
        if (this.settled) return;
        this.settled = true;
        this.detach();
        this.outcome.resolve({
          fields: normalizeInput(Object.fromEntries(this.fields)),
          file: this.file,
          cleanup: this.cleanup,
        });
      },
      () => {}, // already routed to fail()
    );
  }

  private fail(err: MultipartError): void {
    if (this.settled) return;
    this.settled = true;
    this.detach();
    // Not synchronously: busboy emits from inside its write loop and
    // dereferences the current file stream after 'limit' returns.
    process.nextTick(() => {
      this.parser.destroy();
      this.abortFile?.();
    });
    // the write stream must be closed before its directory can go
    this.fileWritten
      .catch(() => {})
      .then(this.cleanup)
      .then(
        () => this.outcome.reject(err),
        () => this.outcome.reject(err),
      );
  }

  private detach(): void {
    this.req.unpipe(this.parser);
    this.req.off('data', this.onData);
    this.req.off('close', this.onClose);
  }
}

// A Map, so that a field named `__proto__` stays an ordinary field.
function addField(fields: Map<string, string | string[]>, rawName: string, value: string): void {
  const isList = rawName.endsWith('[]');
  const name = isList ? rawName.slice(0, -2) : rawName;
  const prev = fields.get(name);
  if (prev === undefined) fields.set(name, isList ? [value] : value);
  else if (Array.isArray(prev)) prev.push(value);
  else fields.set(name, [prev, value]);
}

function malformed(err: unknown): MultipartError {
  const detail = err instanceof Error ? err.message : String(err);
  return new MultipartError(400, `Malformed multipart/form-data body: ${detail}.`);
}

// busboy hands a part without `name` to its listeners as `undefined`.
function unnamedPart(): MultipartError {
  return new MultipartError(
    400,
    'Malformed multipart/form-data body: every part needs a name in its Content-Disposition.',
  );
}

function isFsError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

function storageFailed(err: NodeJS.ErrnoException): MultipartError {
  return new MultipartError(500, `The upload could not be stored (${err.code ?? 'I/O error'}).`);
}
