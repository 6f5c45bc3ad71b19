// Starts the built `fp server` for a benchmark and resolves once it listens.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function startFpServer(fp, seedPath) {
  const child = spawn(process.execPath, [fp, 'server', '--port', '0', '--seed', seedPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /^Listening on (\S+)/.exec(l);
      if (m) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}
