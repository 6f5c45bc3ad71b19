import { describe, expect, it } from 'vitest';
import { rehearsalPort } from '../../../src/cli/snapshot/rehearsal-port.js';

describe('the port a snapshot suggests rehearsing on', () => {
  it("is never the source portal's own, and one nothing listens on", async () => {
    for (const source of ['http://127.0.0.1:4011', 'http://localhost:4011/']) {
      const port = await rehearsalPort(source);
      expect(port, source).not.toBe(4011);
      if (port !== undefined) expect(port).toBeGreaterThan(4011);
    }
    const port = await rehearsalPort('https://feedback.example.com');
    if (port !== undefined) expect(port).toBeGreaterThanOrEqual(4011);
  });
});
