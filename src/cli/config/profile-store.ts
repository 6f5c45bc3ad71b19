import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';

export interface Profile {
  base_url: string;
  api_key: string;
}

interface ConfigShape {
  current?: string;
  profiles: Record<string, Profile>;
}

/** Named portal profiles on `conf`; the file is 0600 and its folder 0700 whatever the umask. */
export class ProfileStore {
  private constructor(private readonly conf: Conf<ConfigShape>) {}

  static async open(env: Record<string, string | undefined>): Promise<ProfileStore> {
    const { default: ConfClass } = await import('conf');
    const cwd = env.FP_CONFIG_DIR || undefined;
    if (cwd) ensurePrivateDir(cwd);
    let conf: Conf<ConfigShape>;
    try {
      conf = new ConfClass<ConfigShape>({
        projectName: 'fp',
        projectSuffix: '',
        cwd,
        configFileMode: 0o600,
        defaults: { profiles: {} },
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
    } catch (err) {
      // A hand-edited file that no longer parses: say where it is rather than throwing a bare SyntaxError.
      const where = cwd ? join(cwd, 'config.json') : 'the fp config file';
      throw new Error(`cannot read the stored profiles in ${where}: ${(err as Error).message}`);
    }
    const store = new ProfileStore(conf);
    store.tighten();
    return store;
  }

  get path(): string {
    return this.conf.path;
  }

  list(): Array<{ name: string; profile: Profile; current: boolean }> {
    const current = this.currentName();
    return Object.entries(this.profiles()).map(([name, profile]) => ({ name, profile, current: name === current }));
  }

  get(name: string): Profile | undefined {
    return this.profiles()[name];
  }

  /** The profile in use when none is named: the one switched to, else the only one. */
  currentName(): string | undefined {
    const current = this.conf.get('current');
    const names = Object.keys(this.profiles());
    if (current && names.includes(current)) return current;
    return names.length === 1 ? names[0] : names.includes('default') ? 'default' : undefined;
  }

  save(name: string, profile: Profile, makeCurrent: boolean): void {
    this.conf.set('profiles', { ...this.profiles(), [name]: profile });
    if (makeCurrent || !this.conf.get('current')) this.conf.set('current', name);
    this.tighten();
  }

  remove(name: string): boolean {
    const profiles = { ...this.profiles() };
    if (!(name in profiles)) return false;
    delete profiles[name];
    this.conf.set('profiles', profiles);
    if (this.conf.get('current') === name) this.conf.delete('current');
    this.tighten();
    return true;
  }

  switchTo(name: string): boolean {
    if (!this.get(name)) return false;
    this.conf.set('current', name);
    this.tighten();
    return true;
  }

  private profiles(): Record<string, Profile> {
    return this.conf.get('profiles') ?? {};
  }

  private tighten(): void {
    ensurePrivateDir(join(this.conf.path, '..'));
    if (existsSync(this.conf.path)) chmodSync(this.conf.path, 0o600);
  }
}

function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
