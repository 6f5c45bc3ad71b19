import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '../../../contract/webhook-signature.js';

export interface VerifiedDelivery {
  headers: IncomingHttpHeaders;
  /** The body exactly as received: the bytes the signature covers. */
  body: Buffer;
  eventId: string;
}

export interface LoopbackReceiverOptions {
  port: number;
  secret: string;
  toleranceSeconds?: number;
  /** A delivery whose signature and timestamp check out; the answer (200) waits for it. */
  onDelivery(delivery: VerifiedDelivery): Promise<void>;
  /** A request refused (bad signature, stale, not a POST): why. */
  onRefused(reason: string): void;
}

const BODY_LIMIT = 1024 * 1024;

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
}

/** A receiver on 127.0.0.1 that takes only deliveries signed with the secret (400 otherwise). */
export async function startLoopbackReceiver(
  opts: LoopbackReceiverOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      opts.onRefused(`${req.method} ${req.url}: deliveries are POSTs`);
      res.setHeader('allow', 'POST');
      return answer(res, 405, 'Deliveries are POSTs.');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > BODY_LIMIT) {
        opts.onRefused(`a body of ${size} bytes: more than a delivery carries`);
        return answer(res, 413, 'Too large.');
      }
      const body = Buffer.concat(chunks);
      const verdict = verify(opts.secret, req.headers, body, { toleranceSeconds: opts.toleranceSeconds });
      if (!verdict.valid) {
        opts.onRefused(verdict.message);
        return answer(res, 400, `Refused: ${verdict.message}.`);
      }
      opts.onDelivery({ headers: req.headers, body, eventId: verdict.id }).then(
        () => answer(res, 200, 'Received.'),
        (err: unknown) => {
          opts.onRefused((err as Error).message);
          answer(res, 500, 'The listener failed.');
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
