import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withListedNames } from '../support/listed-names.js';
import { requireTool } from '../support/required-tool.js';

const COMPLETIONS = resolve(import.meta.dirname, '../../completions');
const DRIVER = resolve(import.meta.dirname, 'pty-tab.py');

/** Type LINE and TAB(s) in an interactive SHELL in a pseudo-terminal; true when EXPECT shows up. */
function tab(
  shellCommand: string[],
  line: string,
  tabs: number,
  expect: string,
  env: NodeJS.ProcessEnv = {},
): { ok: boolean; screen: string } {
  const r = spawnSync('python3', [DRIVER, 'READY>', line, String(tabs), expect, '--', ...shellCommand], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tmpdir(), ...env },
  });
  return { ok: r.status === 0, screen: r.stdout };
}

function rcDir(): string {
  return mkdtempSync(join(tmpdir(), 'fp-shell-'));
}

describe('completion in real shells, through a pseudo-terminal', () => {
  it('bash: TAB completes subcommands at every depth', (ctx) => {
    requireTool(ctx, 'bash');
    const rc = join(rcDir(), 'rc.bash');
    writeFileSync(rc, `source ${resolve(COMPLETIONS, 'fp.bash')}\nPS1="READY> "\n`);
    const bash = ['bash', '--rcfile', rc, '--noprofile', '-i'];
    expect(tab(bash, 'fp groups users re', 1, 'fp groups users remove').ok).toBe(true);
    expect(tab(bash, 'fp posts list --plat', 1, '--platform').ok).toBe(true);
  });

  it('zsh: TAB completes subcommands at every depth', (ctx) => {
    requireTool(ctx, 'zsh');
    const dir = rcDir();
    writeFileSync(
      join(dir, '.zshrc'),
      `autoload -U compinit && compinit -u\nsource ${resolve(COMPLETIONS, '_fp')}\nPS1="READY> "\n`,
    );
    const zsh = ['zsh', '-i'];
    expect(tab(zsh, 'fp groups users re', 1, 'remove', { ZDOTDIR: dir }).ok).toBe(true);
    expect(tab(zsh, 'fp moderation app', 1, 'approve', { ZDOTDIR: dir }).ok).toBe(true);
  });

  it('fish: TAB lists the subcommands after the first word and deeper', (ctx) => {
    requireTool(ctx, 'fish');
    const fish = [
      'fish',
      '--no-config',
      '-i',
      '-C',
      `source ${resolve(COMPLETIONS, 'fp.fish')}; function fish_prompt; echo 'READY> '; end`,
    ];
    const users = tab(fish, 'fp groups users ', 1, 'Remove a user from a group');
    expect(users.ok).toBe(true);
    expect(users.screen).toContain('List the members of a group');
    expect(tab(fish, 'fp auth sw', 1, 'switch').ok).toBe(true);
  });
});

describe('names from the last list, completed in real shells', () => {
  let names: Awaited<ReturnType<typeof withListedNames>>;
  beforeAll(async () => {
    names = await withListedNames();
  });
  afterAll(() => names.stop());

  it('bash: a group name with a space completes, escaped', (ctx) => {
    requireTool(ctx, 'bash');
    const rc = join(rcDir(), 'rc.bash');
    writeFileSync(rc, `source ${resolve(COMPLETIONS, 'fp.bash')}\nPS1="READY> "\n`);
    const bash = ['bash', '--rcfile', rc, '--noprofile', '-i'];
    expect(tab(bash, 'fp groups get Be', 1, 'fp groups get Beta\\ testers', names.env).ok).toBe(true);
    expect(tab(bash, 'fp posts list --category Mob', 1, '--category Mobile', names.env).ok).toBe(true);
    expect(tab(bash, 'fp posts list --tab ro', 1, '--tab roadmap', names.env).ok).toBe(true);
    expect(tab(bash, 'fp kb sync export --tab h', 1, '--tab help', names.env).ok).toBe(true);
    expect(tab(bash, 'fp comments create dark1 --user Bo', 1, '--user Bob\\ Member', names.env).ok).toBe(true);
    expect(tab(bash, 'fp groups users add Beta\\ testers Bo', 1, 'testers Bob\\ Member', names.env).ok).toBe(true);
  });

  it('zsh: a group name with a space completes, escaped', (ctx) => {
    requireTool(ctx, 'zsh');
    const dir = rcDir();
    writeFileSync(
      join(dir, '.zshrc'),
      `autoload -U compinit && compinit -u\nsource ${resolve(COMPLETIONS, '_fp')}\nPS1="READY> "\n`,
    );
    const env = { ...names.env, ZDOTDIR: dir };
    expect(tab(['zsh', '-i'], 'fp groups get Be', 1, 'Beta\\ testers', env).ok).toBe(true);
    expect(tab(['zsh', '-i'], 'fp posts list --category Mob', 1, 'Mobile', env).ok).toBe(true);
    expect(tab(['zsh', '-i'], 'fp posts list --tab ro', 1, '--tab roadmap', env).ok).toBe(true);
    expect(tab(['zsh', '-i'], 'fp kb sync export --tab h', 1, '--tab help', env).ok).toBe(true);
    expect(tab(['zsh', '-i'], 'fp comments create dark1 --user Bo', 1, 'Bob\\ Member', env).ok).toBe(true);
    expect(tab(['zsh', '-i'], 'fp groups users add Beta\\ testers Bo', 1, 'testers Bob\\ Member', env).ok).toBe(true);
  });

  it('fish: a group name with a space completes, escaped', (ctx) => {
    requireTool(ctx, 'fish');
    const fish = [
      'fish',
      '--no-config',
      '-i',
      '-C',
      `source ${resolve(COMPLETIONS, 'fp.fish')}; function fish_prompt; echo 'READY> '; end`,
    ];
    expect(tab(fish, 'fp groups get Be', 1, 'Beta\\ testers', names.env).ok).toBe(true);
    expect(tab(fish, 'fp posts list --category Mob', 1, 'Mobile', names.env).ok).toBe(true);
    expect(tab(fish, 'fp posts list --tab ro', 1, '--tab roadmap', names.env).ok).toBe(true);
    expect(tab(fish, 'fp kb sync export --tab h', 1, '--tab help', names.env).ok).toBe(true);
    expect(tab(fish, 'fp comments create dark1 --user Bo', 1, 'Bob\\ Member', names.env).ok).toBe(true);
    expect(tab(fish, 'fp groups users add Beta\\ testers Bo', 1, 'testers Bob\\ Member', names.env).ok).toBe(true);
  });
});
