import { parse } from 'yaml';

/** Why an id cannot be written into a file; the file is left as it is. */
export class IdConflictError extends Error {}

const FENCE = '---';

/** `id: kb001`, quoted when YAML would read the bare key as something else than that string. */
function idLine(id: string | number): string {
  if (typeof id === 'number') return `id: ${id}`;
  let plain: unknown;
  try {
    plain = parse(id);
  } catch {
    plain = undefined;
  }
  if (plain === id && /^[\w.-]+$/.test(id)) return `id: ${id}`;
  // ASCII only, so that the line can be spliced into the file's bytes whatever their encoding.
  return `id: ${JSON.stringify(id).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}`;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `insertId` on the file's bytes: everything but the inserted line stays byte for byte, valid UTF-8 or not. */
export function insertIdBytes(bytes: Buffer, id: string | number): Buffer {
  const bom = bytes.subarray(0, 3).equals(UTF8_BOM) ? UTF8_BOM : Buffer.alloc(0);
  // latin1 maps each byte to one character and back; the id line is ASCII.
  const text = insertId(bytes.subarray(bom.length).toString('latin1'), id);
  return Buffer.concat([bom, Buffer.from(text, 'latin1')]);
}

/** The index just after a `---` line starting at `at` (with its line break), or null. */
function fenceEnd(text: string, at: number): { end: number; eol: string } | null {
  if (!text.startsWith(FENCE, at)) return null;
  const after = at + FENCE.length;
  if (text[after] === '\n') return { end: after + 1, eol: '\n' };
  if (text.startsWith('\r\n', after)) return { end: after + 2, eol: '\r\n' };
  return null;
}

/** An `id:` key at the top level of the front matter whose value is empty, `null` or `~` (an emptied id). */
const EMPTY_ID = /^id[ \t]*:[ \t]*(?:(?:null|Null|NULL|~)[ \t]*)?(?:#.*)?$/;
const ANY_ID = /^id[ \t]*:/;

/**
 * `text` with `id` recorded in its front matter, every other byte kept: the
 * `id:` line goes right after the opening fence (or replaces an emptied `id:`
 * line); a file without front matter gets a block holding only the id, after a
 * leading byte order mark if there is one. Line endings follow the file's own.
 */
function insertId(text: string, id: string | number): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const rest = text.slice(bom.length);
  const line = idLine(id);
  const opening = fenceEnd(rest, 0);
  if (opening === null) {
    const eol = /\r\n/.test(rest.slice(0, rest.indexOf('\n') + 1)) ? '\r\n' : '\n';
    return `${bom}${FENCE}${eol}${line}${eol}${FENCE}${eol}${rest}`;
  }
  for (let at = opening.end; at < rest.length; ) {
    if (fenceEnd(rest, at) !== null || (rest.startsWith(FENCE, at) && at + FENCE.length === rest.length)) break;
    const next = rest.indexOf('\n', at);
    const lineEnd = next === -1 ? rest.length : next;
    const current = rest.slice(at, lineEnd).replace(/\r$/, '');
    if (EMPTY_ID.test(current)) {
      return bom + rest.slice(0, at) + line + rest.slice(at + current.length);
    }
    if (ANY_ID.test(current)) throw new IdConflictError(`it already has an id (${current.trim()})`);
    if (next === -1) break;
    at = next + 1;
  }
  return bom + rest.slice(0, opening.end) + line + opening.eol + rest.slice(opening.end);
}
