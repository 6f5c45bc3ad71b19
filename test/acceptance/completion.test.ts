import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFp } from '../support/run-fp.js';

const COMPLETIONS = resolve(import.meta.dirname, '../../completions');
const FILES = { bash: 'fp.bash', zsh: '_fp', fish: 'fp.fish' } as const;

/** Ask the generated bash completion what it offers for a command line ending in `cur`. */
function bashComplete(script: string, words: string[]): string[] {
  const r = spawnSync(
    'bash',
    ['-c', `source "$1"; COMP_WORDS=("\${@:2}"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _fp_completion; printf '%s\\n' "\${COMPREPLY[@]}"`, 'bash', script, ...words],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split('\n').filter(Boolean);
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
    expect(bashComplete(bash, ['fp', 'feedback', 'summarize', '--sentiment', ''])).toEqual(['positive', 'neutral', 'negative']);
    expect(bashComplete(bash, ['fp', 'feedback', 'summarize', '--focus', 'u'])).toEqual(['usability']);
    expect(bashComplete(bash, ['fp', 'moderation', 'approve', ''])).toEqual(['post', 'comment']);
    expect(bashComplete(bash, ['fp', '--format', 'nd'])).toEqual(['ndjson']);
  });

  it('bash: subcommands and flags complete after global options with values', () => {
    expect(bashComplete(bash, ['fp', '--profile', 'acme', 'categories', ''])).toEqual(['list', 'create', 'update', 'delete']);
    expect(bashComplete(bash, ['fp', 'categories', 'delete', '--y'])).toEqual(['--yes']);
  });

  it('an unknown shell is a usage error (exit 2)', async () => {
    const r = await runFp(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/tcsh/);
  });
});
