/**
 * The shared HTTP client (spec §7 "Other calls", §8 "HTTP helpers"). Every /api call goes through it, so
 * the CSRF token, the debug param, the tenant domain and the session/CSRF/rate-limit rules hold everywhere.
 */
import {
  CSRF_HEADER,
  CSRF_INVALID_HEADER,
  CSRF_META_NAME,
  ErrorCode,
  LOGIN_REQUIRED_HEADER,
  Messages,
} from '@careers/contracts';
import { browserTimeZone } from './intl';

/** Client-side failure kinds that have no server code; the UI translates every code (see errors.* keys). */
export const ClientErrorCode = {
  sessionTimedOut: 'session_timed_out',
  serverError: 'server_error',
  unexpected: 'unexpected',
  apiResponse: 'api_response',
  noPermission: 'no_permission',
  network: 'network_error',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export type HttpEvent = { type: 'sessionTimedOut' } | { type: 'csrfInvalid' };
type HttpListener = (event: HttpEvent) => void;

interface HttpSettings {
  /** Tenant domain appended as `domain=` to every /api call when the tenant is not the default one. */
  tenantDomain: string | null;
  /**
   * The page's language, read when a request goes out (issue 13): sent as Accept-Language on every call and
   * as `hl` on a download link, so what the server writes itself (a PDF's fixed texts) is in the language the
   * candidate is reading, not the browser's.
   */
  language: () => string | null;
}

const settings: HttpSettings = { tenantDomain: null, language: () => null };
const listeners = new Set<HttpListener>();

export function configureHttp(next: Partial<HttpSettings>): void {
  Object.assign(settings, next);
}

/** The app shell listens (toast + auth modal); the client itself never touches the UI. */
export function onHttpEvent(listener: HttpListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: HttpEvent): void {
  for (const listener of listeners) listener(event);
}

function csrfMeta(): HTMLMetaElement | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
}

export function readCsrfToken(): string {
  return csrfMeta()?.content ?? '';
}

function writeCsrfToken(token: string): void {
  let meta = csrfMeta();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = CSRF_META_NAME;
    document.head.append(meta);
  }
  meta.content = token;
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as is when FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Statuses the caller treats as failures of the call itself: they throw "Error in api response". */
  errorStatuses?: readonly number[];
  /** A 403 means the user lacks a permission (spec §6), not a CSRF or session problem. */
  checkPermission?: boolean;
  /** The request outlives the page (a draft saved as the candidate leaves): the browser sends it even after unload. */
  keepalive?: boolean;
}

/**
 * Anything with a zod-like `parse`; the answer is validated when given. The parse may be asynchronous: a
 * schema whose code loads with the first answer it checks (lib/lazy-schema.ts).
 */
export interface ResponseSchema<T> {
  parse(value: unknown): T | Promise<T>;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) url.searchParams.append(key, String(item));
    } else {
      url.searchParams.set(key, String(value));
    }
  }
  if (settings.tenantDomain && url.pathname.startsWith('/api/') && !url.searchParams.has('domain')) {
    url.searchParams.set('domain', settings.tenantDomain);
  }
  // spec §7: "a debug query parameter copied from the page address if present".
  const debug = new URLSearchParams(window.location.search).get('debug');
  if (debug !== null && !url.searchParams.has('debug')) url.searchParams.set('debug', debug);
  return url.origin === window.location.origin ? url.pathname + url.search : url.toString();
}

/**
 * The address of an /api resource the browser opens itself (a download link), decorated like a call: the
 * tenant's domain, the page's debug param and its language (a link cannot carry Accept-Language).
 */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  return buildUrl(path, { hl: settings.language() ?? undefined, ...query });
}

function isLoginRedirect(response: Response): boolean {
  if (!response.redirected || !response.url) return false;
  try {
    return new URL(response.url, window.location.origin).pathname.startsWith('/careers/login');
  } catch {
    return false;
  }
}

const HTML_PATTERN = /<\s*(!doctype|html|head|body|[a-z][a-z0-9-]*(\s[^>]*)?\/?)\s*>/i;

function looksLikeHtml(text: string): boolean {
  return HTML_PATTERN.test(text);
}

async function readBody(response: Response): Promise<{ text: string; data: unknown }> {
  const text = await response.text();
  if (!text) return { text, data: undefined };
  try {
    return { text, data: JSON.parse(text) as unknown };
  } catch {
    return { text, data: text };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * spec §8 "API error handler": the server's message (response data message, error message, raw string data),
 * else a generic one; HTML (a proxy's error page) is never shown.
 */
export function apiErrorFromBody(status: number, data: unknown): ApiError {
  let message: string | undefined;
  let code: string = ErrorCode.badRequest;
  let fields: Record<string, string> = {};
  if (isRecord(data)) {
    const error = isRecord(data.error) ? data.error : undefined;
    if (typeof data.message === 'string') message = data.message;
    else if (error && typeof error.message === 'string') message = error.message;
    else if (typeof data.error === 'string') message = data.error;
    if (error && typeof error.code === 'string') code = error.code;
    if (error && isRecord(error.fields)) {
      fields = Object.fromEntries(
        Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  } else if (typeof data === 'string' && data.trim()) {
    message = data.trim();
  }
  if (!message || looksLikeHtml(message)) message = Messages.problemWithRequest;
  return new ApiError(message, status, code, fields);
}

export async function request<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: ResponseSchema<T>,
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  headers.set('X-CSRF-Token', readCsrfToken());
  const language = settings.language();
  if (language) headers.set('Accept-Language', language);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    // spec §7: "All POSTs send headers for the user, group id, CSRF token and timezone".
    headers.set('X-Timezone', browserTimeZone());
    if (settings.tenantDomain) headers.set('X-Group-Id', settings.tenantDomain);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(Messages.problemWithRequest, 0, ClientErrorCode.network);
  }

  const freshToken = response.headers.get(CSRF_HEADER);
  if (freshToken) writeCsrfToken(freshToken);

  if (response.headers.has(LOGIN_REQUIRED_HEADER) || isLoginRedirect(response)) {
    emit({ type: 'sessionTimedOut' });
    throw new ApiError(Messages.sessionTimedOut, 401, ClientErrorCode.sessionTimedOut);
  }
  if (response.status === 403 && response.headers.has(CSRF_INVALID_HEADER)) {
    emit({ type: 'csrfInvalid' });
    throw new ApiError(Messages.invalidCsrf, 403, ErrorCode.csrfInvalid);
  }
  if (response.status === 429) {
    throw new ApiError(Messages.rateLimited, 429, ErrorCode.rateLimited);
  }
  if (response.status === 403 && options.checkPermission) {
    throw new ApiError(Messages.noPermission, 403, ClientErrorCode.noPermission);
  }
  if (options.errorStatuses?.includes(response.status)) {
    throw new ApiError(Messages.errorInApiResponse, response.status, ClientErrorCode.apiResponse);
  }
  if (response.status >= 500 && method === 'GET') {
    throw new ApiError(Messages.serverErrorOnGet, response.status, ClientErrorCode.serverError);
  }

  const { text, data } = await readBody(response);
  if (!response.ok) throw apiErrorFromBody(response.status, data);
  if (response.status === 204 || text === '') return undefined as T;
  if (typeof data === 'string') {
    // A 2xx whose body is not JSON.
    throw new ApiError(Messages.unexpected, response.status, ClientErrorCode.unexpected);
  }
  if (!schema) return data as T;
  try {
    return await schema.parse(data);
  } catch {
    throw new ApiError(Messages.unexpected, response.status, ClientErrorCode.unexpected);
  }
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>, schema?: ResponseSchema<T>) =>
    request<T>(path, { ...options, method: 'GET' }, schema),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>, schema?: ResponseSchema<T>) =>
    request<T>(path, { ...options, method: 'POST', body }, schema),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>, schema?: ResponseSchema<T>) =>
    request<T>(path, { ...options, method: 'PUT', body }, schema),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>, schema?: ResponseSchema<T>) =>
    request<T>(path, { ...options, method: 'DELETE', body }, schema),
};
