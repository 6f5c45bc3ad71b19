import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tallyFile } from './contract-proxy.js';

/** Totals of every contract proxy of this run, printed once at its end. */
export function printContractTally(): void {
  if (!existsSync(tallyFile())) return;
  const totals = { servers: 0, requests: 0, requestsConforming: 0, responses: 0, violations: 0 };
  const lines = readFileSync(tallyFile(), 'utf8').split('\n').filter(Boolean);
  rmSync(tallyFile(), { force: true });
  for (const line of lines) {
    const t = JSON.parse(line);
    totals.servers += 1;
    totals.requests += t.requests;
    totals.requestsConforming += t.requestsConforming;
    totals.responses += t.responses;
    totals.violations += t.violations;
  }
  console.log(
    `contract: ${totals.requests} requests (${totals.requestsConforming} conforming, ${totals.requests - totals.requestsConforming} refused as documented) ` +
      `and ${totals.responses} responses validated against docs/openapi.json on ${totals.servers} servers, ${totals.violations} violations`,
  );
}
