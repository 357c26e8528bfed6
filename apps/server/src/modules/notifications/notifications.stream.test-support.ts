import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TestClient } from '../../test/app';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** A server-sent-events reader over a real socket (inject() cannot hold a stream open). */
export interface OpenStream {
  status: number;
  headers: IncomingMessage['headers'];
  events: StreamEvent[];
  comments: string[];
  ended: Promise<void>;
  /** Resolves with the first event (from index `from`) that matches. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number, from?: number): Promise<StreamEvent>;
  close(): void;
}

export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export function openStream(base: string, client: TestClient, path = '/api/pcsx/notifications/stream'): Promise<OpenStream> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: { cookie, accept: 'text/event-stream' } }, (response: IncomingMessage) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      const ended = new Promise<void>((done) => {
        response.once('end', done);
        response.once('close', done);
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) as unknown });
          for (const wake of waiters) wake();
          boundary = buffer.indexOf('\n\n');
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        ended,
        next(match, timeoutMs = 5000, from = 0) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = events.slice(from).find(match);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
