import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import { readAllStdin, type IO } from '../../io.js';

type FieldValue = string | number | boolean | null;
export type FieldTree = { [key: string]: FieldValue | FieldValue[] | FieldTree | FieldTree[] };

/** `key=value` split at the first `=`. */
function splitField(flag: string, text: string): [string, string] {
  const at = text.indexOf('=');
  if (at < 1) throw new UsageError(`invalid ${flag} "${text}": expected key=value`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** `-F` values: true, false, null and numbers become JSON values; `@file` is the file's text, `@-` stdin's. */
async function typedValue(value: string, io: IO): Promise<FieldValue> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(?:\.\d+)?$/.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (value === '@-') return readAllStdin(io);
  if (value.startsWith('@')) {
    try {
      return await readFile(value.slice(1), 'utf8');
    } catch (err) {
      throw new UsageError(
        `cannot read ${value.slice(1)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  return value;
}

/** `name`, `name[]` (append to an array), `name[sub]` (nested object), combinable: `a[b][]`. */
function keyPath(key: string): Array<string | null> {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) throw new UsageError(`invalid field name "${key}": expected name, name[] or name[key]`);
  const rest = [...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => (x[1] === '' ? null : x[1]));
  if (rest.slice(0, -1).includes(null)) throw new UsageError(`invalid field name "${key}": [] may only come last`);
  return [m[1], ...rest];
}

/** Put one field into the tree; `null` in the path appends to an array. */
function setField(tree: FieldTree, key: string, value: FieldValue): void {
  const path = keyPath(key);
  let node: Record<string, unknown> = tree;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i] as string;
    const next = path[i + 1];
    const last = i === path.length - 1;
    if (last) {
      node[seg] = value;
    } else if (next === null) {
      const arr = Array.isArray(node[seg]) ? (node[seg] as unknown[]) : (node[seg] = []);
      arr.push(value);
      return;
    } else {
      const child = node[seg];
      node =
        child && typeof child === 'object' && !Array.isArray(child)
          ? (child as Record<string, unknown>)
          : (node[seg] = {});
    }
  }
}

/** The fields as query parameters the way the service reads them: `a[]=1&a[]=2`, `a[b]=1`. */
export function appendQuery(params: URLSearchParams, tree: FieldTree, prefix = ''): void {
  for (const [k, v] of Object.entries(tree)) {
    const name = prefix ? `${prefix}[${k}]` : k;
    if (Array.isArray(v)) {
      for (const item of v) {
        if (item && typeof item === 'object') appendQuery(params, item as FieldTree, `${name}[]`);
        else params.append(`${name}[]`, item === null ? '' : String(item));
      }
    } else if (v && typeof v === 'object') appendQuery(params, v, name);
    else params.append(name, v === null ? '' : String(v));
  }
}

/** All -f and -F fields in order given (-f first, as commander collects them separately). */
export async function buildFields(raw: string[], typed: string[], io: IO): Promise<FieldTree> {
  const tree: FieldTree = {};
  for (const f of raw) {
    const [k, v] = splitField('-f', f);
    setField(tree, k, v);
  }
  for (const f of typed) {
    const [k, v] = splitField('-F', f);
    setField(tree, k, await typedValue(v, io));
  }
  return tree;
}
