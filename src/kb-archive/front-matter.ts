import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { ArchiveError } from './archive-error.js';

// Loaded when a file is first read or written, not with the server or the CLI, most of whose runs read
// no front matter.
const require = createRequire(import.meta.url);
let loaded: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (loaded ??= require('yaml') as typeof Yaml);

// File format: an optional block `---\n<yaml>---\n` at the very start, then the
// body. The body is everything after the closing fence, byte for byte: no
// newline is added or removed, so a body with or without a trailing newline
// round-trips as it is. Both fences also accept `\r\n` for hand-edited files.

const FENCE = '---';

export function renderMarkdownFile(frontMatter: Record<string, unknown>, body: string): string {
  let yaml = '';
  for (const [key, value] of Object.entries(frontMatter)) yaml += yamlEntry(key, value);
  return `${FENCE}\n${yaml}${FENCE}\n${body}`;
}

const STRINGIFY_OPTIONS = { lineWidth: 0, minContentWidth: 0 } as const;

/**
 * Words that read back as the same string when written plain: letters first (no
 * number, `.inf`, indicator or quote), then nothing that YAML gives a meaning
 * (no `:`, `#`, quotes, brackets, trailing space), and not a keyword.
 */
const PLAIN_STRING = /^[A-Z][\w .,()/+-]*$/i;
const KEYWORDS = /^(?:true|false|null|y|n|yes|no|on|off)$/i;
/** The same words with `: ` or ` #` in them (a title like `Step 1: install`): yaml double-quotes them, with nothing to escape. */
const QUOTED_STRING = /^[A-Z][\w .,()/+:#-]*$/i;
const NEEDS_QUOTES = /: | #|:$/;

/**
 * One front-matter line as yaml writes it: integers and plain words directly
 * (thousands of files make yaml's own stringify the export's largest cost),
 * anything else through yaml.
 */
function yamlEntry(key: string, value: unknown): string {
  if (PLAIN_STRING.test(key)) {
    if (Number.isSafeInteger(value)) return `${key}: ${String(value)}\n`;
    if (typeof value === 'string' && !value.endsWith(' ') && !KEYWORDS.test(value)) {
      if (PLAIN_STRING.test(value)) return `${key}: ${value}\n`;
      if (QUOTED_STRING.test(value) && NEEDS_QUOTES.test(value)) return `${key}: "${value}"\n`;
    }
  }
  return yaml().stringify({ [key]: value }, STRINGIFY_OPTIONS);
}

/** The root `_index.md`: plain description, fenced only when it would otherwise read as front matter. */
export function renderRootIndex(description: string): string {
  return startsLikeFrontMatter(description) ? `${FENCE}\n${FENCE}\n${description}` : description;
}

function startsLikeFrontMatter(text: string): boolean {
  // A leading BOM is dropped by the reader's UTF-8 decoder, so it must be fenced off too.
  return text.startsWith(FENCE) || text.startsWith('\uFEFF');
}

export interface SplitFile {
  data: Record<string, unknown>;
  body: string;
}

export function parseMarkdownFile(text: string, entry: string): SplitFile {
  const opening = fenceLineEnd(text, 0);
  if (opening === null) return { data: {}, body: text };

  let lineStart = opening;
  while (lineStart < text.length) {
    const closing = fenceLineEnd(text, lineStart);
    if (closing !== null) {
      return { data: parseYamlMapping(text.slice(opening, lineStart), entry), body: text.slice(closing) };
    }
    const next = text.indexOf('\n', lineStart);
    if (next === -1) break;
    lineStart = next + 1;
  }
  throw new ArchiveError(entry, 'front matter is not closed by a "---" line.');
}

/** If a `---` line starts at `at`, the index just after its line break (or the end of the text). */
function fenceLineEnd(text: string, at: number): number | null {
  if (!text.startsWith(FENCE, at)) return null;
  const after = at + FENCE.length;
  if (after === text.length) return after;
  if (text[after] === '\n') return after + 1;
  if (text.startsWith('\r\n', after)) return after + 2;
  return null;
}

/** What one file's front matter may hold: it is parsed in memory, so it is bounded before parsing. */
const FRONT_MATTER_LIMITS = {
  /** Characters between the fences. */
  maxChars: 16 * 1024,
  /** Keys of the mapping (only id, title, name and sort_order are read). */
  maxKeys: 64,
  /** Alias expansions (a "billion laughs" document is refused). */
  maxAliases: 100,
} as const;

function parseYamlMapping(source: string, entry: string): Record<string, unknown> {
  if (source.length > FRONT_MATTER_LIMITS.maxChars) {
    throw new ArchiveError(entry, `front matter is over the limit of ${FRONT_MATTER_LIMITS.maxChars} characters.`);
  }
  const simple = parseSimpleMapping(source);
  if (simple !== undefined) return simple;
  // yaml's own unique-key check compares every key with every other (quadratic): done below with a Set.
  const { isMap, isScalar, parseDocument } = yaml();
  const doc = parseDocument(source, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ArchiveError(entry, `front matter is not valid YAML (${firstLine(doc.errors[0].message)}).`);
  }
  if (isMap(doc.contents)) {
    const { items } = doc.contents;
    if (items.length > FRONT_MATTER_LIMITS.maxKeys) {
      throw new ArchiveError(
        entry,
        `front matter has ${items.length} keys; at most ${FRONT_MATTER_LIMITS.maxKeys} are allowed.`,
      );
    }
    const keys = new Set<string>();
    for (const { key } of items) {
      const name = isScalar(key) ? String(key.value) : String(key);
      if (keys.has(name))
        throw new ArchiveError(entry, `front matter is not valid YAML (the key "${name}" appears twice).`);
      keys.add(name);
    }
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: FRONT_MATTER_LIMITS.maxAliases });
  } catch {
    // yaml throws a ReferenceError past maxAliasCount: an exponential expansion, not a server fault.
    throw new ArchiveError(entry, `front matter expands aliases more than ${FRONT_MATTER_LIMITS.maxAliases} times.`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ArchiveError(entry, 'front matter must be a YAML mapping of keys to values.');
  }
  return value as Record<string, unknown>;
}

const SIMPLE_LINE = /^([a-z][a-z_]*): (.*)$/;
const INTEGER = /^(?:0|[1-9]\d{0,14})$/;

/**
 * Front matter as the export writes it (`key: value` lines of integers, plain
 * words and double-quoted words), read without yaml: each value is one that
 * the writer's checks prove yaml reads the same. Anything else (comments,
 * nesting, escapes, repeated keys) is undefined and goes to yaml.
 */
function parseSimpleMapping(source: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  const lines = source.split('\n');
  if (lines.pop() !== '' || lines.length > FRONT_MATTER_LIMITS.maxKeys) return undefined;
  for (const line of lines) {
    const m = SIMPLE_LINE.exec(line);
    if (m === null || Object.hasOwn(data, m[1])) return undefined;
    const raw = m[2];
    if (INTEGER.test(raw)) data[m[1]] = Number(raw);
    else if (PLAIN_STRING.test(raw) && !raw.endsWith(' ') && !KEYWORDS.test(raw)) data[m[1]] = raw;
    else if (raw.startsWith('"') && raw.endsWith('"') && QUOTED_STRING.test(raw.slice(1, -1)) && !raw.endsWith(' "'))
      data[m[1]] = raw.slice(1, -1);
    else return undefined;
  }
  return data;
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0].replace(/[.:]\s*$/, '');
}
