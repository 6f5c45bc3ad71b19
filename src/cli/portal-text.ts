import * as z from 'zod';
import { RequestValidationError } from '../client/errors.js';
import { toEditorFormat, type TextFormat } from '../contract/editor-format.js';
import { endpoints, type Endpoint, type OperationName } from '../contract/endpoints.js';
import { fieldErrors, VALIDATION_MESSAGE } from '../contract/validation.js';
import { UsageError } from './errors.js';
import type { Factory } from './factory.js';
import { portalEditorType } from './portal-editor.js';

export interface EditorTextOptions {
  /** What the text is written in: markdown (the default) or html. */
  inputFormat?: TextFormat;
  /** Send the text as written. */
  raw?: boolean;
}

/** Refuses --raw with --input-format before anything is read or sent. */
export function checkEditorTextOptions(opts: EditorTextOptions): void {
  if (opts.raw && opts.inputFormat !== undefined) throw new UsageError('use either --raw or --input-format, not both');
}

/**
 * Text as the portal keeps it (D-TEXT-EDITOR-FORMAT): what the person wrote, in --input-format,
 * converted to the portal's editor format, which is read from the portal (and kept for a while);
 * with --raw, exactly as written. The written text meets the field's rules first, so a text that
 * is too short or too long is refused before the portal is asked anything; the client checks what
 * is sent again.
 */
export async function portalText(
  f: Factory,
  operation: OperationName,
  text: string,
  opts: EditorTextOptions,
): Promise<string> {
  checkEditorTextOptions(opts);
  checkWritten(operation, text);
  if (opts.raw) return text;
  return toEditorFormat(text, opts.inputFormat ?? 'markdown', await portalEditorType(f));
}

function checkWritten(operation: OperationName, text: string): void {
  const endpoint: Endpoint = endpoints[operation];
  const field = endpoint.editorText;
  const schema = field ? (endpoint.body?.shape as Record<string, z.ZodType> | undefined)?.[field] : undefined;
  if (!field || !schema) throw new Error(`${operation} takes no text in the portal's editor format`);
  const checked = z.object({ [field]: schema }).safeParse({ [field]: text });
  if (!checked.success) throw new RequestValidationError(VALIDATION_MESSAGE, fieldErrors(checked.error));
}
