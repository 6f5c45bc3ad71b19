import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { AllEndpoints, AnyOperationName } from '../../contract/operations.js';
import type { ApiKeyRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';
import type { ServerServices } from './services.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<K extends AnyOperationName = AnyOperationName> {
  portal: Portal;
  key: ApiKeyRecord;
  /** Raw path parameters; handlers decide what an unparsable one means (usually 404). */
  params: Record<string, string>;
  query: Out<AllEndpoints[K] extends { query: infer Q } ? Q : undefined>;
  body: Out<AllEndpoints[K] extends { body: infer B } ? B : undefined>;
  req: IncomingMessage;
  res: ServerResponse;
  store: Store;
  services: ServerServices;
  now: Date;
  /** `http://host[:port]` as the client addressed this portal, for URLs in responses. */
  origin: string;
}

/** A JSON answer, or a download: headers and a stream the app pipes to the response. */
export type HandlerResult =
  | { status?: number; body: unknown }
  | { download: { headers: Record<string, string>; stream: NodeJS.ReadableStream } };

export type Handler<K extends AnyOperationName = AnyOperationName> = (
  ctx: HandlerContext<K>,
) => HandlerResult | Promise<HandlerResult>;

export type HandlerMap = { [K in AnyOperationName]?: Handler<K> };

export const ok = (body: unknown, status = 200): HandlerResult => ({ status, body });

/** A page of a list, as the paged lists answer: the items, then where the page stands. */
export const paged = (
  data: unknown[],
  page: { hasMore: boolean; total: number; skip: number; limit: number },
): HandlerResult => ok({ data, hasMore: page.hasMore, total: page.total, skip: page.skip, limit: page.limit });
