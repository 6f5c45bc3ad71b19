import { describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { parseFaults, parseFaultSeed, parseRateLimit } from '../../../../src/server/http/rehearsal/parse-spec.js';
import { fakeIO } from '../../../support/fake-io.js';

describe('--rate-limit N/WINDOW', () => {
  it('reads the window in ms, s, m or h; a bare number is seconds', () => {
    expect(parseRateLimit('120/60s')).toEqual({ limit: 120, windowMs: 60_000 });
    expect(parseRateLimit('5/500ms')).toEqual({ limit: 5, windowMs: 500 });
    expect(parseRateLimit('1000/1h')).toEqual({ limit: 1000, windowMs: 3_600_000 });
    expect(parseRateLimit('10/2m')).toEqual({ limit: 10, windowMs: 120_000 });
    expect(parseRateLimit('10/3')).toEqual({ limit: 10, windowMs: 3000 });
  });

  it.each([
    ['120', 'invalid rate limit "120": expected N/WINDOW like 120/60s'],
    ['120/60x', 'invalid rate limit "120/60x": expected N/WINDOW like 120/60s'],
    ['0/60s', 'invalid rate limit "0/60s": N must be at least 1'],
    ['5/0s', 'invalid rate limit "5/0s": the window must be at least 1ms'],
  ])('%s is refused', (spec, message) => {
    expect(() => parseRateLimit(spec)).toThrow(message);
  });
});

describe('--faults SPEC', () => {
  it('reads status, reset and delay rules', () => {
    expect(parseFaults('503:0.1,429:0.05,reset:0.01,delay:200:0.5')).toEqual([
      { kind: 'status', status: 503, rate: 0.1 },
      { kind: 'status', status: 429, rate: 0.05 },
      { kind: 'reset', rate: 0.01 },
      { kind: 'delay', ms: 200, rate: 0.5 },
    ]);
    expect(parseFaults('500:1')).toEqual([{ kind: 'status', status: 500, rate: 1 }]);
    expect(parseFaults('delay:100:1,delay:50:1,503:1')).toHaveLength(3);
  });

  it('a 429 or 503 rule may name its Retry-After in seconds (D-REHEARSAL-FAULTS)', () => {
    expect(parseFaults('503:0.15:0,429:0.15:2')).toEqual([
      { kind: 'status', status: 503, rate: 0.15, retryAfter: 0 },
      { kind: 'status', status: 429, rate: 0.15, retryAfter: 2 },
    ]);
    expect(() => parseFaults('500:0.1:0')).toThrow('only 429 and 503 answers carry a Retry-After');
    expect(() => parseFaults('503:0.1:soon')).toThrow('RETRY_AFTER must be a whole number of seconds');
  });

  it.each([
    ['', 'invalid fault spec "": expected rules like 503:0.1,reset:0.05,delay:200:0.5'],
    ['503:0.1,', 'invalid fault spec "503:0.1,": expected rules like 503:0.1,reset:0.05,delay:200:0.5'],
    ['503', 'invalid fault rule "503": expected STATUS:RATE[:RETRY_AFTER], reset:RATE or delay:MS:RATE'],
    ['200:0.1', 'invalid fault rule "200:0.1": STATUS must be an error status from 400 to 599'],
    ['abc:0.1', 'invalid fault rule "abc:0.1": STATUS must be an error status from 400 to 599'],
    ['503:1.5', 'invalid fault rule "503:1.5": RATE must be a number from 0 to 1, got "1.5"'],
    ['503:-0.1', 'invalid fault rule "503:-0.1": RATE must be a number from 0 to 1, got "-0.1"'],
    ['503:lots', 'invalid fault rule "503:lots": RATE must be a number from 0 to 1, got "lots"'],
    ['reset', 'invalid fault rule "reset": expected reset:RATE'],
    ['delay:0.5', 'invalid fault rule "delay:0.5": expected delay:MS:RATE'],
    ['delay:1.5:0.5', 'invalid fault rule "delay:1.5:0.5": MS must be a whole number of milliseconds'],
    ['503:0.6,429:0.5', 'invalid fault spec "503:0.6,429:0.5": the status and reset rates add up to 1.1, more than 1'],
  ])('%j is refused', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(message);
  });
});

describe('--fault-seed N', () => {
  it('is an unsigned 32-bit integer', () => {
    expect(parseFaultSeed('42')).toBe(42);
    expect(() => parseFaultSeed('-1')).toThrow('invalid fault seed "-1": expected an integer from 0 to 4294967295');
    expect(() => parseFaultSeed('4294967296')).toThrow('invalid fault seed "4294967296"');
  });
});

describe('fp server with a bad rehearsal switch', () => {
  it.each([
    [
      ['--faults', '503:2'],
      `error: option '--faults <spec>' argument '503:2' is invalid. invalid fault rule "503:2": RATE must be a number from 0 to 1, got "2"\n`,
    ],
    [
      ['--rate-limit', 'fast'],
      `error: option '--rate-limit <N/WINDOW>' argument 'fast' is invalid. invalid rate limit "fast": expected N/WINDOW like 120/60s\n`,
    ],
    [
      ['--fault-seed', 'x'],
      `error: option '--fault-seed <n>' argument 'x' is invalid. invalid fault seed "x": expected an integer from 0 to 4294967295\n`,
    ],
  ])('%j is a usage error (exit 2) and starts nothing', async (args, stderr) => {
    const io = fakeIO();
    expect(await main(['server', '--port', '0', ...args], io)).toBe(2);
    expect(io.err()).toBe(stderr);
    expect(io.out()).toBe('');
  });
});
