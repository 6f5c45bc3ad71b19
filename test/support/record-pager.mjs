// A pager for tests: keeps what it is given in the file named by its argument, and the
// environment it ran with in that file plus `.env`. It shows nothing.
import { readFileSync, writeFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
const text = readFileSync(0);
writeFileSync(`${file}.env`, JSON.stringify({ LESS: process.env.LESS, LV: process.env.LV }));
writeFileSync(file, text);
