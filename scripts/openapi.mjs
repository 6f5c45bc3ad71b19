// Writes docs/openapi.json from the built contract (run `npm run build` first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { openApiDocument } = await import(join(root, 'dist', 'openapi.js'));
mkdirSync(join(root, 'docs'), { recursive: true });
writeFileSync(join(root, 'docs', 'openapi.json'), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log('wrote docs/openapi.json');
