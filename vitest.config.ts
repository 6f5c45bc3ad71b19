import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test files that change what later files in the same worker would see: module mocks and
 * spies, fake timers, the environment, the global HTTP dispatcher, per-file config. Each runs
 * in a fresh module graph; the other unit tests share one per worker, which saves importing
 * the server and the CLI again for every file (the larger part of a unit test's time).
 */
const CHANGES_GLOBALS =
  /vi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime|setConfig)\b|setGlobalDispatcher|process\.env\.\w+\s*=(?!=)|delete process\.env|process\.chdir/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// Acceptance, build and interop tests drive processes (bin/fp, fp server, npm, third-party
// clients) and share a worker like the rest: a fresh module graph would cost each file a
// process and the import of the server and the contract validator again (about a second).
const testFolders = readdirSync('test', { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'support')
  .map((e) => join('test', e.name));
const isolatedFiles = testFolders.flatMap(testFiles).filter((f) => CHANGES_GLOBALS.test(readFileSync(f, 'utf8')));

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: testFolders.map((d) => `${d}/**/*.test.ts`),
          exclude: isolatedFiles,
          isolate: false,
          // The domain's events read as the app has them read (the app wires it; these tests have no app).
          setupFiles: ['test/support/describe-events.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [...isolatedFiles, 'src/**/*.test.ts'],
        },
      },
    ],
  },
});
