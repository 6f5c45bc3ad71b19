import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import * as z from 'zod';

/** The config file cannot be used as it is; the message names it and says how to recover. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const ProfileSchema = z.object({ base_url: z.string(), api_key: z.string() });
export const ConfigSchema = z.looseObject({
  current: z.string().optional(),
  profiles: z.record(z.string(), ProfileSchema).default({}),
});
export type Profile = z.infer<typeof ProfileSchema>;
export type ConfigData = z.infer<typeof ConfigSchema>;

/** Where profiles live without FP_CONFIG_DIR: the platform's config folder, named `fp`. */
export function defaultConfigDir(env: Record<string, string | undefined>, platform = process.platform, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'fp');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'fp', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'fp');
}

const recovery = (path: string) => `fix it by hand, or move it aside (mv "${path}" "${path}.bak") and run \`fp auth login\` again`;

/** The file's content, checked; a missing file is an empty store. */
export function readConfig(path: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { profiles: {} };
    throw new ConfigError(`cannot read the config file ${path} (${code ?? (err as Error).message})`);
  }
  if (text.trim() === '') return { profiles: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`the config file ${path} is not valid JSON: ${recovery(path)}`);
  }
  const parsed = ConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ConfigError(`the config file ${path} does not hold fp profiles (${where}${issue.message}): ${recovery(path)}`);
  }
  return parsed.data;
}

/** Temp file, fsync, rename: a reader sees the old file or the new one, never half of one. */
export function writeConfigAtomically(path: string, data: ConfigData): void {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(data, null, '\t')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  try {
    const dir = openSync(dirname(path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Not every platform can fsync a folder; the rename itself is atomic.
  }
}

const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a process that died mid-write. */
const LOCK_STALE_MS = 10_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Run a read-modify-write of the config file under a lock (a folder next to it: mkdir
 * is atomic), so concurrent `fp auth login` runs each keep their profile.
 */
export function withConfigLock<T>(path: string, fn: () => T): T {
  const lock = `${path}.lock`;
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock, { mode: 0o700 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let age = 0;
    try {
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    if (age > LOCK_STALE_MS) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - started > LOCK_WAIT_MS) {
      throw new ConfigError(`the config file ${path} is locked by another fp (${lock}); if no fp is running, remove ${lock}`);
    }
    Atomics.wait(pause, 0, 0, 5 + Math.floor(Math.random() * 20));
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
