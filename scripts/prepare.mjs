// `npm install` of this repository (from a clone or a git URL) builds dist/ here.
// A global install from a git URL prepares the clone with an inner `npm install` that
// inherits --global and --prefix (npm/cli#8440), so the clone gets no devDependencies and
// the build has no esbuild: install them into the clone first, as a local install would.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function hasBuildTools() {
  try {
    createRequire(import.meta.url).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

if (!hasBuildTools()) {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (/^npm_config_(global|prefix|location|allow_scripts)$/i.test(key)) delete env[key];
  const npm = process.env.npm_execpath;
  const args = [
    'install',
    '--global=false',
    '--include=dev',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
  ];
  if (npm) execFileSync(process.execPath, [npm, ...args], { cwd: root, env, stdio: 'inherit' });
  else execFileSync('npm', args, { cwd: root, env, stdio: 'inherit', shell: process.platform === 'win32' });
}
await import('./build.mjs');
