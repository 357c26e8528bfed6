import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** Sent to outlive the page (fetch's keepalive). */
  keepalive: boolean;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

/**
 * A stand-in for the server in tests: routes by method and path, records every request, and fails loudly
 * (status 599) for a request nobody expected.
 */
export function installFetchMock() {
  const routes: { method: string; path: string; responder: Responder }[] = [];
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : init.body,
      keepalive: init.keepalive === true,
    };
    calls.push(request);
    const route = [...routes].reverse().find((candidate) => candidate.method === method && candidate.path === url.pathname);
    if (!route) return errorResponse(599, 'unmocked', `No mock for ${method} ${url.pathname}`);
    return route.responder(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    on(method: string, path: string, responder: Responder | Response) {
      routes.push({
        method: method.toUpperCase(),
        path,
        responder: typeof responder === 'function' ? responder : () => responder.clone(),
      });
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method.toUpperCase() && call.url.pathname === path);
    },
  };
}

export type FetchMock = ReturnType<typeof installFetchMock>;
