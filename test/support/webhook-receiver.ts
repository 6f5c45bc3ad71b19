import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/** What the receiver answers a request with; `hang` never answers (the sender's timeout ends it). */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves with the n-th request (from 1), as soon as it has arrived. */
  request(n: number): Promise<Received>;
  /** How the next requests are answered, in turn; the last answer repeats. */
  answers: Answer[];
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that records every request and answers as told (200 by default). */
export async function startReceiver(answers: Answer[] = [{ status: 200 }]): Promise<Receiver> {
  const received: Received[] = [];
  const waiting = new Map<number, (r: Received) => void>();
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received,
    answers,
    request(n) {
      if (received.length >= n) return Promise.resolve(received[n - 1]);
      return new Promise((resolve) => waiting.set(n, resolve));
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const entry = { headers: req.headers, body, json };
      received.push(entry);
      const answer = receiver.answers[Math.min(received.length, receiver.answers.length) - 1];
      if (answer === 'hang') hanging.add(res);
      else res.writeHead(answer.status, answer.headers).end();
      waiting.get(received.length)?.(entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Resolves once `check` holds: looked at now and after every commit of the store (no polling, no sleeps). */
export function untilCommitted<T>(
  store: { onCommit(listener: () => void): () => void },
  check: () => T,
): Promise<NonNullable<T>> {
  return new Promise((resolve) => {
    const look = () => {
      const value = check();
      if (value) {
        stop();
        resolve(value as NonNullable<T>);
      }
    };
    const stop = store.onCommit(look);
    look();
  });
}
