import type { RetryStep } from '../retry-policy.js';
import { nodeHttpExchange, type NodeHttpAnswer, type NodeHttpRequest } from './node-http-exchange.js';

/**
 * The exchange over node:http, tried again as undici's retry interceptor would: the same
 * `retry` callback decides after each failed attempt (a status of 300 or more, or a
 * connection failure) and waits before saying yes; the refused answer is then read away.
 */
export async function exchangeViaNodeHttp(
  url: string,
  req: NodeHttpRequest,
  retry: RetryStep,
): Promise<NodeHttpAnswer> {
  const again = (err: Error) =>
    new Promise<boolean>((resolve, reject) => {
      const stop = () => reject(req.signal.reason);
      req.signal.addEventListener('abort', stop, { once: true });
      retry(err, (returned) => {
        req.signal.removeEventListener('abort', stop);
        resolve(!returned);
      });
    });
  const target = new URL(url);
  for (;;) {
    let answer: NodeHttpAnswer;
    try {
      answer = await nodeHttpExchange(target, req);
    } catch (err) {
      if (req.signal.aborted || !(await again(err as Error))) throw err;
      continue;
    }
    if (answer.statusCode >= 300) {
      const refused = Object.assign(new Error('Request failed'), {
        code: 'UND_ERR_REQ_RETRY',
        statusCode: answer.statusCode,
        headers: answer.headers,
      });
      if (await again(refused)) {
        await answer.body.dump();
        continue;
      }
    }
    return answer;
  }
}
