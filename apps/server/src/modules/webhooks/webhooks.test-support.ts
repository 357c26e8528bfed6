import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP receiver for webhook suites: records every request and answers as the test says. */

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedRequest[];
  /** What the next requests get: a status, or 'hang' to never answer (a timeout). */
  respond(plan: number | 'hang'): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  let plan: number | 'hang' = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (plan === 'hang') return;
      response.writeHead(plan, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    respond(next) {
      plan = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
