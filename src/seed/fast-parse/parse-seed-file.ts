import type * as z from 'zod';
import { SeedFileSchema } from '../seed-file.js';
import { compileParser, INVALID } from './compile-parser.js';

type SeedParse = z.ZodSafeParseResult<z.output<typeof SeedFileSchema>>;

let compiled: ((value: unknown) => unknown) | undefined;

/**
 * `SeedFileSchema.safeParse(raw)`: a plainly valid seed through the parser
 * compiled from the schema, anything else through zod, which says what is
 * wrong. `FP_SEED_PARSE=zod` uses zod alone (the benchmark compares the two).
 */
export function parseSeedFile(raw: unknown): SeedParse {
  if (process.env.FP_SEED_PARSE !== 'zod') {
    compiled ??= compileParser(SeedFileSchema);
    const value = compiled(raw);
    if (value !== INVALID) return { success: true, data: value as z.output<typeof SeedFileSchema> };
  }
  return SeedFileSchema.safeParse(raw);
}
