import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EditorType } from '../contract/editor-format.js';
import { cacheKey } from './completion/name-cache.js';
import { defaultConfigDir } from './config/config-file.js';
import type { Factory } from './factory.js';

/** How long a portal's editor type is taken as read (D-TEXT-EDITOR-CACHE). */
const EDITOR_TYPE_TTL_MS = 5 * 60 * 1000;

type Env = Record<string, string | undefined>;
interface Kept {
  /** The portal it was read from: a profile logged in again to another portal reads anew. */
  base_url?: unknown;
  editor_type?: unknown;
  /** Epoch milliseconds of the read. */
  read_at?: unknown;
}

/** `<config dir>/portal/<profile>.json`, or `portal/by-url/<hash>.json` for a portal named by address. */
const keptFile = (env: Env, key: string) => join(env.FP_CONFIG_DIR || defaultConfigDir(env), 'portal', `${key}.json`);

function readKept(env: Env, key: string): Kept {
  try {
    const data: unknown = JSON.parse(readFileSync(keptFile(env, key), 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Kept) : {};
  } catch {
    return {};
  }
}

/** A cache is a convenience: when it cannot be written, the next command reads the portal again. */
function keep(env: Env, key: string, kept: Kept): void {
  const file = keptFile(env, key);
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(kept)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // Nothing kept.
  }
}

const isEditorType = (value: unknown): value is EditorType => value === 'wysiwyg' || value === 'markdown';

/**
 * The portal's `editor_type`, as the spec asks a client to learn it: read from the portal resource,
 * and kept for the profile (or the portal's address) for five minutes, so a script that sends many
 * comments reads it once.
 */
export async function portalEditorType(f: Factory, now = Date.now()): Promise<EditorType> {
  const creds = await f.credentials();
  const key = cacheKey(creds);
  if (key) {
    const kept = readKept(f.io.env, key);
    const age = typeof kept.read_at === 'number' ? now - kept.read_at : Infinity;
    const fresh = kept.base_url === creds.baseUrl && age >= 0 && age < EDITOR_TYPE_TTL_MS;
    if (fresh && isEditorType(kept.editor_type)) return kept.editor_type;
  }
  const { data } = await (await f.client()).call('portal.get', {});
  if (key) keep(f.io.env, key, { base_url: creds.baseUrl, editor_type: data.editor_type, read_at: now });
  return data.editor_type;
}
