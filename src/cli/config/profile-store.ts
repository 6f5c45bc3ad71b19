import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigFile, defaultConfigDir, withConfigLock, type ConfigData, type Profile } from './config-file.js';

export type { Profile } from './config-file.js';

/**
 * Named portal profiles in `config.json`; the file is 0600 and its folder 0700 whatever
 * the umask. Every change is a locked read-modify-write replaced atomically, so
 * concurrent runs lose nothing and a crash never leaves half a file.
 */
export class ProfileStore {
  private constructor(private readonly file: ConfigFile) {}

  get path(): string {
    return this.file.path;
  }

  /**
   * Opening checks the file: a damaged one is a ConfigError naming it and how to recover.
   * A store opened with `readOnly` refuses changes, and opens faster (conf is not loaded).
   */
  static async open(
    env: Record<string, string | undefined>,
    { readOnly = false }: { readOnly?: boolean } = {},
  ): Promise<ProfileStore> {
    const dir = env.FP_CONFIG_DIR || defaultConfigDir(env);
    const store = new ProfileStore(await ConfigFile.open(join(dir, 'config.json'), { writable: !readOnly }));
    store.read();
    if (existsSync(store.path)) store.tighten();
    return store;
  }

  list(): Array<{ name: string; profile: Profile; current: boolean }> {
    const data = this.read();
    const current = currentOf(data);
    return Object.entries(data.profiles).map(([name, profile]) => ({ name, profile, current: name === current }));
  }

  get(name: string): Profile | undefined {
    return Object.hasOwn(this.read().profiles, name) ? this.read().profiles[name] : undefined;
  }

  /** The profile in use when none is named: the one switched to, else the only one. */
  currentName(): string | undefined {
    return currentOf(this.read());
  }

  save(name: string, profile: Profile, makeCurrent: boolean): void {
    this.update((data) => {
      data.profiles[name] = profile;
      if (makeCurrent || !data.current) data.current = name;
      return true;
    });
  }

  remove(name: string): boolean {
    return this.update((data) => {
      if (!Object.hasOwn(data.profiles, name)) return false;
      delete data.profiles[name];
      if (data.current === name) delete data.current;
      return true;
    });
  }

  switchTo(name: string): boolean {
    return this.update((data) => {
      if (!Object.hasOwn(data.profiles, name)) return false;
      data.current = name;
      return true;
    });
  }

  private read(): ConfigData {
    return this.file.read();
  }

  /** `change` edits the data and says whether to write it. */
  private update(change: (data: ConfigData) => boolean): boolean {
    ensurePrivateDir(join(this.path, '..'));
    return withConfigLock(this.path, () => {
      const data = this.read();
      data.profiles = { ...data.profiles };
      const changed = change(data);
      if (changed) this.file.write(data);
      this.tighten();
      return changed;
    });
  }

  private tighten(): void {
    ensurePrivateDir(join(this.path, '..'));
    if (existsSync(this.path)) chmodSync(this.path, 0o600);
  }
}

function currentOf(data: ConfigData): string | undefined {
  const names = Object.keys(data.profiles);
  if (data.current && names.includes(data.current)) return data.current;
  return names.length === 1 ? names[0] : names.includes('default') ? 'default' : undefined;
}

function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
