import { afterEach, describe, expect, it } from 'vitest';
import { compileParser, INVALID } from '../../src/seed/fast-parse/compile-parser.js';
import { parseSeedFile } from '../../src/seed/fast-parse/parse-seed-file.js';
import { SeedFileSchema } from '../../src/seed/seed-file.js';
import { demoSeed } from '../../src/server/seed/demo-seed.js';
import { fixtureSeed } from '../support/fixture-seed.js';

const parse = compileParser(SeedFileSchema);

/** A small generator with a seed, so a failing case can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every place in a document: its container and key. */
function places(doc: Json, out: Array<[Json[] | { [key: string]: Json }, string | number]> = []) {
  if (Array.isArray(doc)) {
    doc.forEach((v, i) => {
      out.push([doc, i]);
      places(v, out);
    });
  } else if (doc && typeof doc === 'object') {
    for (const k of Object.keys(doc)) {
      out.push([doc, k]);
      places(doc[k], out);
    }
  }
  return out;
}

const REPLACEMENTS: Json[] = [null, '', 'x', 'not a date', -1, 0, 1.5, 2 ** 60, true, false, [], {}, ['x'], [1.5]];

/** The seed with one random change: a value replaced, a key removed, or an unknown key added. */
function mutated(seed: unknown, next: () => number): Json {
  const doc = structuredClone(seed) as Json;
  const all = places(doc);
  const [container, key] = all[Math.floor(next() * all.length)];
  const roll = next();
  if (roll < 0.15 && !Array.isArray(container)) delete container[key as string];
  else if (roll < 0.25 && !Array.isArray(container)) container.extra_field = 'kept out';
  else (container as Record<string | number, Json>)[key] = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)];
  return doc;
}

afterEach(() => {
  delete process.env.FP_SEED_PARSE;
});

describe('the seed parser compiled from the schema', () => {
  it('gives a valid seed exactly as zod parses it, without falling back to zod', () => {
    for (const seed of [fixtureSeed(), demoSeed()]) {
      const value = parse(structuredClone(seed));
      expect(value).not.toBe(INVALID);
      expect(value).toStrictEqual(SeedFileSchema.parse(structuredClone(seed)));
    }
  });

  it('takes nothing zod refuses, and gives what zod gives for what it takes (600 changed seeds)', () => {
    const next = random(7);
    let taken = 0;
    for (let i = 0; i < 600; i++) {
      const doc = mutated(i % 5 ? fixtureSeed() : demoSeed(), next);
      const value = parse(structuredClone(doc));
      const zod = SeedFileSchema.safeParse(structuredClone(doc));
      if (value === INVALID) continue;
      taken++;
      expect(zod.success, JSON.stringify(zod.error?.issues)).toBe(true);
      expect(value).toStrictEqual(zod.data);
    }
    // Most changes (an unknown key, a changed text, a removed optional field) leave a valid seed.
    expect(taken).toBeGreaterThan(100);
  });

  it('a seed with problems is reported by zod, with its messages and paths', () => {
    const seed = fixtureSeed();
    seed.portals[0].posts![0].votes_count = -1;
    const result = parseSeedFile(seed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['portals.0.posts.0.votes_count']);
  });

  it('FP_SEED_PARSE=zod parses with zod alone, to the same result', () => {
    process.env.FP_SEED_PARSE = 'zod';
    expect(parseSeedFile(demoSeed())).toStrictEqual(SeedFileSchema.safeParse(demoSeed()));
  });
});
