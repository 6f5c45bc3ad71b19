import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';

/** The config file cannot be used as it is; the message names it and says how to recover. */
class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const ProfileSchema = z.object({ base_url: z.string(), api_key: z.string() });
const ConfigSchema = z.looseObject({
  current: z.string().optional(),
  profiles: z.record(z.string(), ProfileSchema).default({}),
});
export type Profile = z.infer<typeof ProfileSchema>;
export type ConfigData = z.infer<typeof ConfigSchema>;

/** Where profiles live without FP_CONFIG_DIR: the platform's config folder, named `fp`. */
export function defaultConfigDir(
  env: Record<string, string | undefined>,
  platform = process.platform,
  home = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'fp');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'fp', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'fp');
}

const recovery = (path: string) =>
  `fix it by hand, or move it aside (mv "${path}" "${path}.bak") and run \`fp auth login\` again`;

/**
 * The profiles file. Reads parse it directly, as conf does (UTF-8 JSON; a missing or empty
 * file is an empty store), so a command that only reads a profile never loads conf and
 * ajv. Writes go through conf, which replaces the file atomically (temp file and rename);
 * it is imported only by a store opened for writing.
 */
export class ConfigFile {
  private constructor(
    readonly path: string,
    private readonly conf: { store: Record<string, unknown> } | undefined,
  ) {}

  static async open(path: string, { writable = true }: { writable?: boolean } = {}): Promise<ConfigFile> {
    if (!writable) return new ConfigFile(path, undefined);
    // conf would make a missing folder with the default mode (0755 under the usual umask):
    // it holds API keys, so fp makes it first, private (D-CONFIG-DIR-PRIVATE).
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const { default: Conf } = await import('conf');
    const conf = guard(
      path,
      () =>
        new Conf<Record<string, unknown>>({
          cwd: dirname(path),
          configName: basename(path, '.json'),
          projectName: 'fp',
          // A damaged file stays as it is and is reported (conf would otherwise empty it).
          clearInvalidConfig: false,
          accessPropertiesByDotNotation: false,
          configFileMode: 0o600,
          serialize: (value) => `${JSON.stringify(value, null, '\t')}\n`,
          deserialize: (text) => parse(path, text),
        }),
    );
    return new ConfigFile(path, conf);
  }

  /** The file's content, checked; a missing file is an empty store. */
  read(): ConfigData {
    return guard(this.path, () => {
      let text: string;
      try {
        text = readFileSync(this.path, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        text = '';
      }
      return parse(this.path, text);
    });
  }

  write(data: ConfigData): void {
    if (!this.conf) throw new Error(`the config file ${this.path} was opened for reading only`);
    this.conf.store = data;
  }
}

/**
 * An empty file is an empty store, as a missing one is. Checked as it is parsed, before
 * conf copies it into a plain object, which would turn `[]` or `null` into `{}`.
 */
function parse(path: string, text: string): ConfigData {
  return check(path, text.trim() === '' ? {} : JSON.parse(text));
}

/** conf's errors (unreadable file, JSON that does not parse) as one ConfigError naming the file. */
function guard<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    if (err instanceof SyntaxError)
      throw new ConfigError(`the config file ${path} is not valid JSON: ${recovery(path)}`);
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(`cannot read the config file ${path} (${code ?? (err as Error).message})`);
  }
}

function check(path: string, json: unknown): ConfigData {
  const parsed = ConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ConfigError(
      `the config file ${path} does not hold fp profiles (${where}${issue.message}): ${recovery(path)}`,
    );
  }
  return parsed.data;
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
    let age: number;
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
      throw new ConfigError(
        `the config file ${path} is locked by another fp (${lock}); if no fp is running, remove ${lock}`,
      );
    }
    Atomics.wait(pause, 0, 0, 5 + Math.floor(Math.random() * 20));
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
