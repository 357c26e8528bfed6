/**
 * Every careers URL the product builds (spec §2 "Paths built"). Pure functions: the web app and the
 * server (canonical links, sitemap, login redirects) build links the same way.
 */

export const CAREERS_HOME = '/careers';

type ParamValue = string | number | readonly (string | number)[] | null | undefined;

function withQuery(path: string, params: Record<string, ParamValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '') continue;
    search.set(key, text);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export interface SearchPathInput {
  domain?: string;
  query?: string;
  location?: string;
  /** filter key → selected values; one `filter_<key>` param each, values comma-joined. */
  filters?: Record<string, readonly string[]>;
  extra?: Record<string, ParamValue>;
}

export function searchPath({ domain, query, location, filters = {}, extra = {} }: SearchPathInput): string {
  const params: Record<string, ParamValue> = { domain, query, location };
  for (const [key, values] of Object.entries(filters)) {
    if (values.length > 0) params[`filter_${key}`] = values;
  }
  return withQuery(CAREERS_HOME, { ...params, ...extra });
}

export const jobPath = (id: string | number): string => `${CAREERS_HOME}/job/${encodeURIComponent(String(id))}`;
export const privateJobPath = (id: string | number): string => withQuery(`${CAREERS_HOME}/job/private`, { pid: id });
export const applyPath = (id: string | number): string => withQuery(`${CAREERS_HOME}/apply`, { pid: id });
export const privateApplyPath = (id: string | number): string =>
  withQuery(`${CAREERS_HOME}/apply/private`, { pid: id });

export interface LoginPathInput {
  domain?: string;
  pids?: readonly (string | number)[];
  microsite?: string;
  hl?: string;
  next?: string;
}

export function loginPath({ domain, pids, microsite, hl, next }: LoginPathInput): string {
  return withQuery(`${CAREERS_HOME}/login`, {
    domain,
    pid: pids && pids.length > 0 ? pids : undefined,
    microsite,
    hl,
    next: next && isSafeNextPath(next) ? next : undefined,
  });
}

/**
 * True when `next` is a path on this site: starts with one "/", is not protocol-relative ("//", "/\"),
 * has no scheme, no control characters, and stays same-origin once a browser resolves it (T12).
 */
export function isSafeNextPath(next: string): boolean {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return false;
  if (!next.startsWith('/')) return false;
  if (next.startsWith('//') || next.startsWith('/\\')) return false;
  if (next.includes('\\')) return false;
  try {
    const base = 'http://careers.invalid';
    const resolved = new URL(next, base);
    if (resolved.origin !== base) return false;
    // A second decode must not reveal a scheme-relative or absolute address either.
    const decoded = decodeURIComponent(next);
    if (decoded.startsWith('//') || decoded.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(decoded)) return false;
    return new URL(decoded, base).origin === base;
  } catch {
    return false;
  }
}

/** `next` if it is safe, otherwise the careers home. */
export function safeNextPath(next: string | null | undefined): string {
  return next && isSafeNextPath(next) ? next : CAREERS_HOME;
}
