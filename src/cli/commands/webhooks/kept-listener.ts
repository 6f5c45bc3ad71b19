import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfigDir } from '../../config/config-file.js';

/** What a listener keeps between runs for a profile: its secret, and its endpoint on the reference server. */
export interface KeptListener {
  secret?: string;
  endpoint_id?: number;
}

type Env = Record<string, string | undefined>;

/** `<config dir>/webhooks/<profile>.json`; without a profile, named after the base URL. */
function keptFile(env: Env, profile: string | undefined, baseUrl: string): string {
  const name = profile ?? `url-${createHash('sha256').update(baseUrl).digest('hex').slice(0, 16)}`;
  return join(env.FP_CONFIG_DIR || defaultConfigDir(env), 'webhooks', `${name}.json`);
}

export function readKept(env: Env, profile: string | undefined, baseUrl: string): KeptListener {
  try {
    const data: unknown = JSON.parse(readFileSync(keptFile(env, profile, baseUrl), 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as KeptListener) : {};
  } catch {
    return {};
  }
}

/** Written atomically and readable by the user only: it holds a signing secret. */
export function writeKept(env: Env, profile: string | undefined, baseUrl: string, kept: KeptListener): void {
  const file = keptFile(env, profile, baseUrl);
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(kept)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}
