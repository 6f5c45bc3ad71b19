import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ValidationError } from '../domain/errors.js';
import { FormFields } from './form-fields.js';
import { BodyError } from './read-body.js';

/** Fields a form may carry, as PHP's max_input_vars. */
const MAX_FIELDS = 1000;

/**
 * The text parts of a `multipart/form-data` body, for an operation that takes fields and
 * no file: as Laravel reads such a form into the request's input (D-HTTP-BODY-ENCODINGS).
 * Parts are read as a urlencoded form's fields are (`FormFields`). A file
 * part is refused (422 on its field), and the body is bounded as a JSON body is (413).
 */
export function readFormParts(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const tooLarge = () => new BodyError(413, `The request body must not be larger than ${limit} bytes.`);
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fields: MAX_FIELDS, fieldSize: limit } });
    } catch (err) {
      reject(malformed(err));
      return;
    }
    const fields = new FormFields();
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.off('data', count);
      req.pause();
      // Not at once: busboy emits from inside its write loop and still uses the current part.
      process.nextTick(() => parser.destroy());
      reject(err);
    };
    const count = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(tooLarge());
    };
    req.on('data', count);
    parser.on('field', (name, value) => fields.add(name, value));
    parser.on('file', (name, stream) => {
      // destroying the parser destroys the current file stream with an error
      stream.on('error', () => {});
      stream.resume();
      fail(ValidationError.field(name, `The ${name} field must be text: this operation takes no file.`));
    });
    parser.on('fieldsLimit', () => fail(new BodyError(413, `No more than ${MAX_FIELDS} fields may be sent.`)));
    parser.on('error', (err) => fail(malformed(err)));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      resolve(fields.toObject());
    });
    req.pipe(parser);
  });
}

function malformed(err: unknown): BodyError {
  const detail = err instanceof Error ? err.message : String(err);
  return new BodyError(400, `Malformed multipart/form-data body: ${detail}.`);
}
