import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { fakeIO } from '../support/fake-io.js';

function leaves(cmd: Command, path: string[] = []): Array<{ path: string; cmd: Command }> {
  const here = [...path, cmd.name()];
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  return subs.length ? subs.flatMap((c) => leaves(c, here)) : [{ path: here.join(' '), cmd }];
}

describe('help', () => {
  it('every command has a one-line description, its arguments and at least one real example', async () => {
    const program = await buildProgram(fakeIO(), [], true);
    const all = leaves(program);
    expect(all.length).toBeGreaterThan(40);
    for (const { path, cmd } of all) {
      let text = '';
      cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
      cmd.outputHelp();
      expect(cmd.description(), path).toMatch(/^\S.{5,}$/);
      expect(cmd.description(), path).not.toContain('\n');
      expect(text, path).toContain('Examples:');
      expect(text, path).toMatch(new RegExp(`\\$ ${path.replace(/ /g, ' ')}`));
      for (const arg of (cmd as unknown as { registeredArguments: Array<{ name(): string; description: string }> })
        .registeredArguments) {
        expect(arg.description, `${path} <${arg.name()}>`).not.toBe('');
      }
    }
  });
});
