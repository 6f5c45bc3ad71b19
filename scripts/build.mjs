// Bundles the CLI with esbuild: one small entry chunk, each command group and
// heavy module in its own lazily imported chunk (options in build-options.mjs).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildOptions, root } from './build-options.mjs';

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build(buildOptions);
console.log('built dist/');
