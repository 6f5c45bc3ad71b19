import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFp } from '../support/run-fp.js';
import { withListedNames } from '../support/listed-names.js';
import { installed, requireTool } from '../support/required-tool.js';

const COMPLETIONS = resolve(import.meta.dirname, '../../completions');
const FILES = { bash: 'fp.bash', zsh: '_fp', fish: 'fp.fish' } as const;

/** Ask the generated bash completion what it offers for a command line ending in `cur`. */
function bashComplete(script: string, words: string[]): string[] {
  const r = spawnSync(
    'bash',
    [
      '-c',
      `source "$1"; COMP_WORDS=("\${@:2}"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _fp_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
      'bash',
      script,
      ...words,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split('\n').filter(Boolean);
}

/** A stand-in `fp` on PATH that lists two profiles, as `fp __complete profiles` does. */
function profilesOnPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fp-shim-'));
  writeFileSync(join(dir, 'fp'), '#!/bin/sh\n[ "$1 $2" = "__complete profiles" ] && printf "acme\\nstaging\\n"\n');
  chmodSync(join(dir, 'fp'), 0o755);
  return `${dir}:${process.env.PATH}`;
}

/** What the generated fish script offers for a command line (fish's own `complete -C`). */
function fishComplete(script: string, line: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const r = spawnSync('fish', ['-c', `source $argv[1]; complete -C $argv[2]`, script, line], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]);
}

describe('fp completion', () => {
  for (const [shell, file] of Object.entries(FILES)) {
    it(`the committed ${shell} completion script is what fp completion ${shell} generates (npm run completions refreshes it)`, async () => {
      const r = await runFp(['completion', shell]);
      expect(r.code).toBe(0);
      expect(readFileSync(resolve(COMPLETIONS, file), 'utf8')).toBe(r.stdout);
    });
  }

  const bash = resolve(COMPLETIONS, FILES.bash);

  it('bash: fp mod<TAB> completes to moderation', () => {
    expect(bashComplete(bash, ['fp', 'mod'])).toEqual(['moderation']);
  });

  it('bash: fp posts list --order-by <TAB> offers every order_by field', () => {
    const values = bashComplete(bash, ['fp', 'posts', 'list', '--order-by', '']);
    expect(values).toContain('votes_count');
    expect(values).toContain('latest_status_change');
    expect(values).toHaveLength(31);
  });

  it('bash: enumerated values complete (--platform, --sentiment, --focus, post|comment, --format)', () => {
    expect(bashComplete(bash, ['fp', 'posts', 'list', '--platform', 'ma'])).toEqual(['macos']);
    expect(bashComplete(bash, ['fp', 'feedback', 'summarize', '--sentiment', ''])).toEqual([
      'positive',
      'neutral',
      'negative',
    ]);
    expect(bashComplete(bash, ['fp', 'feedback', 'summarize', '--focus', 'u'])).toEqual(['usability']);
    expect(bashComplete(bash, ['fp', 'moderation', 'approve', ''])).toEqual(['post', 'comment']);
    expect(bashComplete(bash, ['fp', '--format', 'nd'])).toEqual(['ndjson']);
  });

  it('bash: subcommands and flags complete after global options with values', () => {
    expect(bashComplete(bash, ['fp', '--profile', 'acme', 'categories', ''])).toEqual([
      'list',
      'create',
      'update',
      'delete',
    ]);
    expect(bashComplete(bash, ['fp', 'categories', 'delete', '--y'])).toEqual(['--yes']);
  });

  it('bash: profile names are offered for --profile and auth switch, read from fp itself', () => {
    const env = { PATH: profilesOnPath() };
    const r = spawnSync(
      'bash',
      [
        '-c',
        `source "$1"; COMP_WORDS=(fp auth switch ""); COMP_CWORD=3; _fp_completion; echo "\${COMPREPLY[@]}"; COMP_WORDS=(fp posts list --profile st); COMP_CWORD=4; _fp_completion; echo "\${COMPREPLY[@]}"`,
        'bash',
        bash,
      ],
      { encoding: 'utf8', env },
    );
    expect(r.stdout).toBe('acme staging\nstaging\n');
  });

  it('fish: completion goes on after the first word (subcommands, nested groups, flags)', (ctx) => {
    requireTool(ctx, 'fish');
    const fish = resolve(COMPLETIONS, FILES.fish);
    expect(fishComplete(fish, 'fp auth ')).toEqual(
      expect.arrayContaining(['login', 'logout', 'status', 'list', 'switch']),
    );
    expect(fishComplete(fish, 'fp groups users ')).toEqual(expect.arrayContaining(['list', 'add', 'remove']));
    expect(fishComplete(fish, 'fp posts list --pl')).toEqual(['--platform']);
    expect(fishComplete(fish, 'fp auth switch ', { ...process.env, PATH: profilesOnPath() })).toEqual([
      'acme',
      'staging',
    ]);
  });

  it('category and group names come from the last list of the profile in use, quoted for the shell', async () => {
    const names = await withListedNames();
    try {
      const complete = (words: string[]) => {
        const r = spawnSync(
          'bash',
          [
            '-c',
            `source "$1"; COMP_WORDS=("\${@:2}"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _fp_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
            'bash',
            bash,
            ...words,
          ],
          {
            encoding: 'utf8',
            env: names.env,
          },
        );
        return r.stdout.split('\n').filter(Boolean);
      };
      expect(complete(['fp', 'posts', 'list', '--category', ''])).toEqual(['Integrations', 'Mobile', 'Locked']);
      expect(complete(['fp', 'categories', 'delete', 'Mo'])).toEqual(['Mobile']);
      expect(complete(['fp', 'groups', 'get', ''])).toEqual(['Beta\\ testers', 'Empty\\ group']);
      expect(complete(['fp', 'groups', 'users', 'list', 'E'])).toEqual(['Empty\\ group']);
      expect(complete(['fp', 'comments', 'list', ''])).toEqual(['dark1']);
      expect(complete(['fp', 'posts', 'list', '--status', 'U'])).toEqual(['Under\\ review']);
      expect(complete(['fp', 'posts', 'list', '--tab', ''])).toEqual(['feedback', 'roadmap', 'help']);
      expect(complete(['fp', 'kb', 'sync', 'export', '--tab', ''])).toEqual(['help']);
      expect(complete(['fp', 'portal', 'snapshot', '--kb-tab', ''])).toEqual(['help']);
      expect(complete(['fp', 'comments', 'create', 'dark1', '--user', 'B'])).toEqual(['Bob\\ Member']);
      // The second argument completes from its own source: users after the group.
      expect(complete(['fp', 'groups', 'users', 'add', 'Beta testers', ''])).toEqual(['Bob\\ Member']);
      expect(complete(['fp', 'groups', 'users', 'add', ''])).toEqual(['Beta\\ testers', 'Empty\\ group']);
      if (installed('fish') || process.env.FP_TEST_REQUIRE_TOOLS === '1') {
        const fish = resolve(COMPLETIONS, FILES.fish);
        expect(fishComplete(fish, 'fp groups get ', names.env)).toEqual(['Beta testers', 'Empty group']);
        expect(fishComplete(fish, 'fp posts list --category I', names.env)).toEqual(['Integrations']);
        expect(fishComplete(fish, "fp groups users add 'Beta testers' ", names.env)).toEqual(['Bob Member']);
      }
      expect((await runFp(['__complete', 'categories'], { env: names.env })).stdout).toBe(
        'Integrations\nMobile\nLocked\n',
      );
      expect((await runFp(['__complete', 'kb-tabs'], { env: names.env })).stdout).toBe('help\n');
      expect((await runFp(['__complete', 'users'], { env: names.env })).stdout).toBe('Bob Member\n');
      // A profile that listed nothing yet offers nothing.
      const other = await runFp(['__complete', 'groups', '--profile', 'other'], { env: names.env });
      expect({ code: other.code, stdout: other.stdout, stderr: other.stderr }).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
    } finally {
      await names.stop();
    }
  }, 120_000);

  it('an unknown shell is a usage error (exit 2)', async () => {
    const r = await runFp(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/tcsh/);
  });
});
