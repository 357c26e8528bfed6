import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Messages } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests } from '../test/app';
import { forEachDatabase } from '../test/databases';
import { signedIn } from '../modules/offers/offers.test-support';

/** Raw HTTP on a listening server: what Node answers before Fastify sees a request. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

forEachDatabase('errors raised before routing (issue 8 §1)', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  it('answers a URL that does not decode with a JSON 400 that does not echo the path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/%E0%A4%A/secret-path-marker' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ error: { code: ErrorCode.badRequest, message: Messages.problemWithRequest } });
    expect(response.body).not.toContain('secret-path-marker');
  });

  it('answers a 10,000-character offer id with 404 on every offer route, in JSON, without echoing it', async () => {
    const ada = await signedIn(app, ADA);
    const long = 'x'.repeat(10_000);
    for (const [method, url] of [
      ['GET', `/api/offer/offers/${long}`],
      ['POST', `/api/offer/offers/${long}/viewed`],
      ['POST', `/api/offer/offers/${long}/accept`],
      ['POST', `/api/offer/offers/${long}/decline`],
      ['GET', `/api/offer/offers/${long}/d1/download`],
      ['POST', `/api/offer/offers/o1/${long}/accept`],
      ['POST', `/api/offer/offers/o1/${long}/esign_token`],
    ] as const) {
      const response = await ada.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url.slice(0, 40)}`).toBe(404);
      expect(response.json()).toEqual({ error: { code: ErrorCode.notFound, message: Messages.notFound } });
      expect(response.body).not.toContain('xxxxxxxxxx');
    }
  });

  it('answers headers too large (431) in JSON { error: { code, message } }', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({ error: { code: ErrorCode.badRequest, message: 'The request headers are too large.' } });
    const garbage = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1] ?? '')).toEqual({ error: { code: ErrorCode.badRequest, message: Messages.problemWithRequest } });
  });
});
