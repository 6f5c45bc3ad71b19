// Injected into dist/cli.cjs for `import.meta.url`, which a CommonJS file has not.
import { pathToFileURL } from 'node:url';

export const __fpModuleUrl = pathToFileURL(__filename).href;
