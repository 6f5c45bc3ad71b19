import { randomUUID } from 'node:crypto';
import { PortalSeed } from './state.js';

/**
 * Where a seed file's text is cut so that the last comments of its last portal
 * can be parsed by another thread, and no thread parses all of it: `from` is
 * the comma before the first of those comments, `to` the bracket that closes
 * the array. The other thread parses `[` + text(from + 1, to) + `]`; this one
 * parses the text with a marker in their place (see `parseHead`).
 *
 * The cut is found by looking at a few bytes, not by reading the JSON, so it
 * may be wrong (a comment's text may hold `},{`, an unusual layout may
 * mislead it). It never makes a wrong load: when both texts parse and the
 * marker is found as the last of the portal's comments, joining the two
 * results is what parsing the whole text gives, whatever the cut was (the
 * marker is a single value, and the other text a complete list of values, so
 * putting one for the other changes nothing else). When they don't, the seed
 * is parsed whole.
 */
export interface SeedCut {
  from: number;
  to: number;
}

const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** Tries of each search: each is a native scan, but a hostile file should not make them many. */
const MOST_TRIES = 64;

/** The index of the first byte from `i` on (or, with `step` -1, back from `i`) that is not white space. */
function skipSpace(bytes: Uint8Array, i: number, step: 1 | -1): number {
  while (i >= 0 && i < bytes.length && isSpace(bytes[i])) i += step;
  return i;
}

/** The `[` opening the value of the last key `"comments"` in the text (a key: followed by `:`, its quote not escaped). */
function commentsArrayStart(bytes: Buffer): number | undefined {
  let at = bytes.length;
  for (let tries = 0; tries < MOST_TRIES; tries++) {
    at = bytes.lastIndexOf('"comments"', at - 1);
    if (at <= 0) return undefined;
    if (bytes[at - 1] === BACKSLASH) continue;
    const colon = skipSpace(bytes, at + '"comments"'.length, 1);
    if (bytes[colon] !== COLON) continue;
    const open = skipSpace(bytes, colon + 1, 1);
    if (bytes[open] === OPEN_SQUARE) return open;
  }
  return undefined;
}

/** The keys a portal may have after `comments` (fp writes feedback, references, … after them). */
const LATER_KEYS = new Set(Object.keys(PortalSeed.shape).filter((k) => k !== 'comments'));

/**
 * The `]` closing the array opened at `open`: the first `],` after it that is
 * followed by another key of the portal or, when the portal and the seed end
 * with the comments, the `]` before the closing brackets at the end.
 */
function commentsArrayEnd(bytes: Buffer, open: number): number | undefined {
  let at = open;
  for (let tries = 0; tries < MOST_TRIES; tries++) {
    at = bytes.indexOf('],', at + 1);
    if (at < 0) break;
    const quote = skipSpace(bytes, at + 2, 1);
    if (bytes[quote] !== QUOTE) continue;
    const close = bytes.indexOf(QUOTE, quote + 1);
    if (close < 0 || !LATER_KEYS.has(bytes.toString('latin1', quote + 1, close))) continue;
    if (bytes[skipSpace(bytes, close + 1, 1)] === COLON) return at;
  }
  // ...]}]} at the end: the comments, the portal, the portals, the seed.
  const closers = [CLOSE_CURLY, CLOSE_SQUARE, CLOSE_CURLY, CLOSE_SQUARE];
  let i = bytes.length - 1;
  for (let k = 0; k < closers.length; k++) {
    i = skipSpace(bytes, i, -1);
    if (bytes[i] !== closers[k]) return undefined;
    if (k < closers.length - 1) i--;
  }
  return i > open ? i : undefined;
}

/**
 * A cut giving the other thread the part of the bytes of the last portal's
 * comments that `share` names (given the bytes of everything else and of the
 * comments, or a fixed part), at a `}, {` between two of them; none when the
 * comments are not found or too few (under `fewestBytes`).
 */
export function findCommentsCut(
  bytes: Buffer,
  share: number | ((otherBytes: number, commentBytes: number) => number),
  fewestBytes: number,
): SeedCut | undefined {
  const open = commentsArrayStart(bytes);
  if (open === undefined) return undefined;
  const to = commentsArrayEnd(bytes, open);
  if (to === undefined || to - open < fewestBytes) return undefined;
  const part = typeof share === 'number' ? share : share(bytes.length - (to - open), to - open);
  let at = open + Math.floor((to - open) * (1 - part));
  for (let tries = 0; tries < MOST_TRIES; tries++) {
    at = bytes.indexOf(CLOSE_CURLY, at + 1);
    if (at < 0 || at >= to) return undefined;
    const comma = skipSpace(bytes, at + 1, 1);
    if (bytes[comma] !== COMMA) continue;
    if (bytes[skipSpace(bytes, comma + 1, 1)] === OPEN_CURLY) return { from: comma, to };
  }
  return undefined;
}

/** The seed's text with `marker` (a JSON string value) in place of the comments after the cut. */
export function headText(bytes: Buffer, cut: SeedCut, marker: string): string {
  return `${bytes.toString('utf8', 0, cut.from)},${JSON.stringify(marker)}${bytes.toString('utf8', cut.to)}`;
}

/**
 * The seed document without the comments after the cut, and the index of the
 * portal they belong to; none when the text doesn't parse, or the cut is not
 * where it was taken to be (the marker is not the last of the last portal's comments).
 */
export function parseHead(bytes: Buffer, cut: SeedCut): { document: unknown; portal: number } | undefined {
  const marker = `fp-cut-${randomUUID()}`;
  let document: unknown;
  try {
    document = JSON.parse(headText(bytes, cut, marker));
  } catch {
    return undefined;
  }
  const portals = (document as { portals?: unknown } | null)?.portals;
  if (!Array.isArray(portals)) return undefined;
  const portal = portals.length - 1;
  const comments = (portals[portal] as { comments?: unknown } | null)?.comments;
  if (!Array.isArray(comments) || comments[comments.length - 1] !== marker) return undefined;
  comments.pop();
  return { document, portal };
}

/** The comments after the cut, as the text of a JSON array. */
export function tailText(bytes: Uint8Array): string {
  return `[${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')}]`;
}
