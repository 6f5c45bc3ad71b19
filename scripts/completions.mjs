// Writes completions/fp.bash, completions/_fp (zsh) and completions/fp.fish from
// the built CLI's own command tree (run `npm run build` first).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = { bash: 'fp.bash', zsh: '_fp', fish: 'fp.fish' };
mkdirSync(join(root, 'completions'), { recursive: true });
for (const [shell, file] of Object.entries(files)) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'fp.js'), 'completion', shell], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`fp completion ${shell} failed: ${r.stderr}`);
  writeFileSync(join(root, 'completions', file), r.stdout);
  console.log(`wrote completions/${file}`);
}
