import { createHash } from 'node:crypto';
import { NEXT_CURSOR } from './output-schema.js';

/** No tool result carries more text than this (its JSON text, UTF-8). */
const RESULT_TEXT_CAP = 1_000_000;
/** Room kept for the cursor and the JSON around it. */
const CURSOR_ROOM = 512;

/** Where a cut result continues: per list of the answer, how many items were already given. */
interface CursorState {
  tool: string;
  call: string;
  offsets: Record<string, number>;
}

export class CursorError extends Error {}

/** A hash of the call's arguments (the cursor left out), so a cursor continues only the call it came from. */
function callHash(args: Record<string, unknown>): string {
  const { result_cursor: _drop, ...rest } = args;
  const canonical = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function readCursor(tool: string, args: Record<string, unknown>): Record<string, number> {
  const raw = args.result_cursor;
  if (raw === undefined) return {};
  let state: CursorState;
  try {
    state = JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8')) as CursorState;
  } catch {
    throw new CursorError('The result_cursor is not a cursor this server gave.');
  }
  if (state?.tool !== tool || state.call !== callHash(args) || typeof state.offsets !== 'object')
    throw new CursorError('The result_cursor belongs to another call: repeat the arguments of the call that gave it.');
  return state.offsets;
}

/** The lists of an answer outside any other list, by path (`data`, `data.posts`, …). */
function listsOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => listsOf(v, path ? `${path}.${k}` : k));
}

function at(value: unknown, path: string): unknown[] {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (k === '' ? v : (v as Record<string, unknown>)[k]), value) as unknown[];
}

function withLists(value: unknown, lists: Record<string, unknown[]>): Record<string, unknown> {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const [path, items] of Object.entries(lists)) {
    const keys = path.split('.');
    const parent = keys.slice(0, -1).reduce<Record<string, unknown>>((v, k) => v[k] as Record<string, unknown>, copy);
    parent[keys[keys.length - 1]] = items;
  }
  return copy;
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The answer as far as it fits in the cap: lists continue where the cursor says, and
 * take items in order until the next would not fit; a `next_cursor` says where the
 * rest starts. Undefined when even the answer without its list items is too large.
 */
export function cutToSize(
  answer: Record<string, unknown>,
  tool: string,
  args: Record<string, unknown>,
  offsets: Record<string, number>,
  cap = RESULT_TEXT_CAP,
): Record<string, unknown> | undefined {
  const paths = listsOf(answer);
  const remaining = Object.fromEntries(paths.map((p) => [p, at(answer, p).slice(offsets[p] ?? 0)]));
  const whole = withLists(answer, remaining);
  if (size(whole) <= cap) return whole;
  const kept: Record<string, unknown[]> = Object.fromEntries(paths.map((p) => [p, []]));
  let used = size(withLists(answer, kept)) + CURSOR_ROOM;
  if (used > cap) return undefined;
  const next: Record<string, number> = {};
  let full = false;
  for (const path of paths) {
    next[path] = offsets[path] ?? 0;
    for (const item of remaining[path]) {
      const cost = size(item) + 1;
      if (full || used + cost > cap) {
        full = true;
        break;
      }
      used += cost;
      kept[path].push(item);
      next[path] += 1;
    }
  }
  // An item larger than the cap by itself cannot be given at all.
  if (paths.every((p) => kept[p].length === 0)) return undefined;
  const cursor: CursorState = { tool, call: callHash(args), offsets: next };
  return { ...withLists(answer, kept), [NEXT_CURSOR]: Buffer.from(JSON.stringify(cursor)).toString('base64url') };
}
