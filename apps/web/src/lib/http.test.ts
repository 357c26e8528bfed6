import { Messages } from '@careers/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../test/fetch-mock';
import { ApiError, apiUrl, configureHttp, http, onHttpEvent, readCsrfToken, request, type HttpEvent } from './http';

let server: FetchMock;
let events: HttpEvent[];
let unsubscribe: () => void;

beforeEach(() => {
  server = installFetchMock();
  events = [];
  unsubscribe = onHttpEvent((event) => events.push(event));
  configureHttp({ tenantDomain: null, language: () => null });
});

afterEach(() => unsubscribe());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('http client: request decoration', () => {
  it('sends the CSRF token from the page meta tag on every request', async () => {
    server.on('GET', '/api/thing', jsonResponse(200, { ok: true }));
    server.on('POST', '/api/thing', jsonResponse(200, { ok: true }));
    await http.get('/api/thing');
    await http.post('/api/thing', { a: 1 });
    expect(server.calls.map((call) => call.headers.get('X-CSRF-Token'))).toEqual(['token-from-page', 'token-from-page']);
  });

  it('copies the debug param from the page address when present, and only then', async () => {
    server.on('GET', '/api/thing', jsonResponse(200, {}));
    await http.get('/api/thing');
    window.history.replaceState(null, '', '/careers?debug=2&query=x');
    await http.get('/api/thing', { query: { start: 10 } });
    expect(server.calls[0]?.url.searchParams.has('debug')).toBe(false);
    expect(server.calls[1]?.url.searchParams.get('debug')).toBe('2');
    expect(server.calls[1]?.url.searchParams.get('start')).toBe('10');
    expect(server.calls[1]?.url.searchParams.has('query')).toBe(false);
  });

  it('appends domain= to /api calls only for a non-default tenant', async () => {
    server.on('GET', '/api/thing', jsonResponse(200, {}));
    await http.get('/api/thing');
    configureHttp({ tenantDomain: 'globex.example' });
    await http.get('/api/thing');
    expect(server.calls[0]?.url.searchParams.has('domain')).toBe(false);
    expect(server.calls[1]?.url.searchParams.get('domain')).toBe('globex.example');
  });

  it('sends JSON bodies and repeats array query values', async () => {
    server.on('POST', '/api/cart', jsonResponse(200, {}));
    await http.post('/api/cart', { pids: ['1', '2'] }, { query: { filter_team: ['a', 'b'] } });
    const call = server.calls[0];
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ pids: ['1', '2'] });
    expect(call?.url.searchParams.getAll('filter_team')).toEqual(['a', 'b']);
    expect(call?.headers.get('X-Timezone')).toBeTruthy();
  });
});

describe('http client: multipart bodies and links', () => {
  it('sends FormData as is: the browser sets the multipart boundary, the CSRF header still goes along', async () => {
    server.on('POST', '/api/upload', jsonResponse(200, {}));
    const form = new FormData();
    form.append('signed_document_file', new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' }));
    await http.post('/api/upload', form);
    const call = server.calls[0];
    expect(call?.body).toBe(form);
    expect(call?.headers.has('Content-Type')).toBe(false);
    expect(call?.headers.get('X-CSRF-Token')).toBe('token-from-page');
    expect(call?.headers.get('X-Timezone')).toBeTruthy();
  });

  it('builds download addresses with the tenant domain and the debug param', () => {
    expect(apiUrl('/api/offer/offers/o1/d1/download')).toBe('/api/offer/offers/o1/d1/download');
    configureHttp({ tenantDomain: 'globex.example' });
    window.history.replaceState(null, '', '/careers/offers?debug=1');
    expect(apiUrl('/api/offer/offers/o1/d1/download')).toBe('/api/offer/offers/o1/d1/download?domain=globex.example&debug=1');
  });

  it("carries the page's language: Accept-Language on a call, hl on a download link", async () => {
    let language = 'ja';
    configureHttp({ language: () => language });
    server.on('GET', '/api/pcsx/profile', jsonResponse(200, {}));
    await http.get('/api/pcsx/profile');
    expect(server.calls[0]?.headers.get('Accept-Language')).toBe('ja');
    expect(apiUrl('/api/pcsx/profile/resume.pdf')).toBe('/api/pcsx/profile/resume.pdf?hl=ja');
    // Read when used: switching language in the footer changes the next call without reconfiguring.
    language = 'ar';
    expect(apiUrl('/api/pcsx/profile/resume.pdf')).toBe('/api/pcsx/profile/resume.pdf?hl=ar');
  });
});

describe('http client: response rules', () => {
  it('writes a refreshed CSRF token from the response header into the meta tag', async () => {
    server.on('POST', '/api/auth/login', jsonResponse(200, {}, { 'x-csrf-token': 'fresh-token' }));
    await http.post('/api/auth/login', {});
    expect(readCsrfToken()).toBe('fresh-token');
    expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe('fresh-token');
  });

  it('announces a timed-out session on the x-login header', async () => {
    server.on('GET', '/api/pcsx/profile_details', jsonResponse(401, { error: { code: 'unauthenticated', message: 'x' } }, { 'x-login': '1' }));
    const error = await failure(http.get('/api/pcsx/profile_details'));
    expect(events).toEqual([{ type: 'sessionTimedOut' }]);
    expect(error.message).toBe(Messages.sessionTimedOut);
  });

  it('announces a timed-out session when the call was redirected to the login page', async () => {
    server.on('GET', '/api/pcsx/profile_details', () => {
      const response = new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } });
      Object.defineProperty(response, 'redirected', { value: true });
      Object.defineProperty(response, 'url', { value: 'http://localhost:3000/careers/login?next=%2Fcareers' });
      return response;
    });
    await failure(http.get('/api/pcsx/profile_details'));
    expect(events).toEqual([{ type: 'sessionTimedOut' }]);
  });

  it('turns a 403 with x-csrf-invalid into "Invalid CSRF" and announces it', async () => {
    server.on('POST', '/api/thing', () => {
      const response = errorResponse(403, 'csrf_invalid', 'CSRF token missing');
      response.headers.set('x-csrf-invalid', '1');
      return response;
    });
    const error = await failure(http.post('/api/thing', {}));
    expect(error.message).toBe('Invalid CSRF');
    expect(error.code).toBe('csrf_invalid');
    expect(events).toEqual([{ type: 'csrfInvalid' }]);
  });

  it('answers 429 with "Please try again in a few minutes"', async () => {
    server.on('POST', '/api/auth/login', errorResponse(429, 'rate_limited', 'Too many requests'));
    const error = await failure(http.post('/api/auth/login', {}));
    expect(error.message).toBe('Please try again in a few minutes');
    expect(error.status).toBe(429);
  });

  it('answers a 5xx on GET with "Server error. Please try again." but keeps the server message on POST', async () => {
    server.on('GET', '/api/thing', errorResponse(503, 'service_unavailable', 'Down for maintenance'));
    server.on('POST', '/api/thing', errorResponse(500, 'internal_error', 'Internal Server Error'));
    expect((await failure(http.get('/api/thing'))).message).toBe('Server error. Please try again.');
    expect((await failure(http.post('/api/thing', {}))).message).toBe('Internal Server Error');
  });

  it('throws "Error in api response" for statuses the caller lists', async () => {
    server.on('GET', '/api/pcsx/position_details', jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } }));
    const error = await failure(http.get('/api/pcsx/position_details', { errorStatuses: [404] }));
    expect(error.message).toBe('Error in api response');
    const unlisted = await failure(http.get('/api/pcsx/position_details'));
    expect(unlisted.message).toBe('Not found');
  });

  it('throws "Unexpected error occurred" when a success body is not JSON', async () => {
    server.on('GET', '/api/thing', new Response('{not json', { status: 200 }));
    expect((await failure(http.get('/api/thing'))).message).toBe('Unexpected error occurred');
  });

  it('throws "Unexpected error occurred" when the answer does not match the schema', async () => {
    server.on('GET', '/api/thing', jsonResponse(200, { count: 'three' }));
    const schema = {
      parse(value: unknown) {
        if (typeof (value as { count?: unknown }).count !== 'number') throw new Error('bad');
        return value as { count: number };
      },
    };
    expect((await failure(http.get('/api/thing', {}, schema))).message).toBe('Unexpected error occurred');
  });

  it('waits for a schema that checks asynchronously, and fails the same way when its check rejects', async () => {
    server.on('GET', '/api/thing', jsonResponse(200, { count: 3 }));
    server.on('GET', '/api/other', jsonResponse(200, { count: 'three' }));
    const asyncSchema = {
      async parse(value: unknown) {
        await Promise.resolve();
        if (typeof (value as { count?: unknown }).count !== 'number') throw new Error('bad');
        return { count: (value as { count: number }).count * 2 };
      },
    };
    await expect(http.get('/api/thing', {}, asyncSchema)).resolves.toEqual({ count: 6 });
    expect((await failure(http.get('/api/other', {}, asyncSchema))).message).toBe('Unexpected error occurred');
  });

  it('throws the permission message on a 403 when the caller asks for the permission check', async () => {
    server.on('POST', '/api/thing', errorResponse(403, 'forbidden', 'Forbidden'));
    expect((await failure(request('/api/thing', { method: 'POST', checkPermission: true }))).message).toBe(
      'User does not have permissions to perform this action',
    );
    expect((await failure(request('/api/thing', { method: 'POST' }))).message).toBe('Forbidden');
  });

  it('returns undefined for 204 and the parsed body otherwise', async () => {
    server.on('POST', '/api/auth/logout', new Response(null, { status: 204 }));
    server.on('GET', '/api/thing', jsonResponse(200, { items: [1] }));
    await expect(http.post('/api/auth/logout')).resolves.toBeUndefined();
    await expect(http.get('/api/thing')).resolves.toEqual({ items: [1] });
  });
});

describe('http client: API error handler', () => {
  it('prefers the response data message', async () => {
    server.on('POST', '/api/x', jsonResponse(400, { message: 'Data message' }));
    expect((await failure(http.post('/api/x'))).message).toBe('Data message');
  });

  it('uses the error message, code and field errors of the server error body', async () => {
    server.on('POST', '/api/auth/signup', errorResponse(400, 'validation_failed', 'Check the fields', { password: 'Use at least 10 characters' }));
    const error = await failure(http.post('/api/auth/signup'));
    expect(error.message).toBe('Check the fields');
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({ password: 'Use at least 10 characters' });
  });

  it('uses raw string data', async () => {
    server.on('POST', '/api/x', new Response('Plain failure text', { status: 400 }));
    expect((await failure(http.post('/api/x'))).message).toBe('Plain failure text');
  });

  it('never shows HTML: falls back to "There was a problem with the request"', async () => {
    server.on('POST', '/api/x', new Response('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 }));
    server.on('PUT', '/api/x', jsonResponse(400, { message: '<b>bold</b> claim' }));
    expect((await failure(http.post('/api/x'))).message).toBe('There was a problem with the request');
    expect((await failure(request('/api/x', { method: 'PUT' }))).message).toBe('There was a problem with the request');
  });

  it('falls back to the generic message for an empty body', async () => {
    server.on('POST', '/api/x', new Response(null, { status: 400 }));
    expect((await failure(http.post('/api/x'))).message).toBe('There was a problem with the request');
  });

  it('reports a network failure as a problem with the request', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(http.get('/api/x'));
    expect(error.message).toBe('There was a problem with the request');
    expect(error.status).toBe(0);
  });
});
