/**
 * The one rule for text from the other side (a portal's data, its error messages, header values)
 * on its way to a terminal or to a plain, TSV or CSV pipe: no character a terminal acts on gets
 * through. A title carrying OSC 52 (write the clipboard), OSC 8 (a link whose text lies about its
 * target) or `ESC[2J` (clear the screen) is shown, not obeyed.
 *
 * Each control character is replaced by a visible stand-in of its own: C0 by its Unicode control
 * picture (ESC as `␛`, BEL as `␇`), DEL as `␡`, C1 as `\x9b`. With ESC and the 8-bit introducers
 * gone, what followed them (`]52;c;…`) is plain printable text. JSON keeps its text exactly: piped
 * as is, on a terminal with DEL and C1 written as JSON escapes (terminalJson). `--jq` output that
 * goes to a terminal passes terminalLines; piped, it stays exact, as jq's own would.
 *
 * fp's own colours and line erasing are added after this, by the code that owns the terminal.
 */

export interface KeepControls {
  /** Tabs pass (plain rows and tables turn them into spaces; CSV keeps them). */
  tab?: boolean;
  /** Line breaks pass; `\r\n` becomes `\n`, a lone `\r` (which would overwrite the line) does not pass. */
  newline?: boolean;
}

const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** `text` with every control character that `keep` does not allow replaced by a visible stand-in. */
export function terminalText(text: string, keep: KeepControls = {}): string {
  let i = 0;
  // Most text has none: it is returned as is.
  while (i < text.length && !isControl(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0d && keep.newline && text.charCodeAt(i + 1) === 0x0a) continue; // \r\n: the \n follows
    if (!isControl(code) || (code === 0x09 && keep.tab) || (code === 0x0a && keep.newline)) out += text[i];
    else out += standIn(code);
  }
  return out;
}

/** Multi-line text for people (status lines, reports, error messages): line breaks and tabs pass. */
export const terminalLines = (text: string): string => terminalText(text, { tab: true, newline: true });

/**
 * JSON on its way to a terminal: JSON escapes C0 itself, but leaves DEL and C1 (`\x9b`, an 8-bit
 * CSI) raw; they are written as `\u009b`, which is the same JSON. Piped JSON is never passed here.
 */
export function terminalJson(json: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code < 0x7f || code > 0x9f) continue;
    out += `${json.slice(from, i)}\\u00${code.toString(16)}`;
    from = i + 1;
  }
  return from === 0 ? json : out + json.slice(from);
}

function standIn(code: number): string {
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '␡';
  return `\\x${code.toString(16)}`;
}
