import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestContext } from 'vitest';

/** Whether PROGRAM runs here (`PROGRAM --version` exits 0), or, for a path, whether it exists. */
export function installed(program: string): boolean {
  if (program.startsWith('/')) return existsSync(program);
  return spawnSync(program, ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * A test that drives a real program (chromium, zsh, fish, jq) is skipped where the program is
 * missing, saying so in the output. `.ci/run` installs them and sets FP_TEST_REQUIRE_TOOLS=1:
 * there a missing program fails the test instead of hiding it behind a skip.
 */
export function requireTool(ctx: TestContext, program: string, present = installed(program)): void {
  if (present) return;
  const why = `${program} is not installed`;
  if (process.env.FP_TEST_REQUIRE_TOOLS === '1') throw new Error(`${why}, and FP_TEST_REQUIRE_TOOLS=1 requires it`);
  console.warn(`skipped "${ctx.task.name}": ${why}`);
  ctx.skip(why);
}
