import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route as registered, e.g. `/api/offer/offers/:offerId/accept` or `/careers/*`. */
  pattern: string;
  /** The route's URL with every parameter and wildcard replaced by a value (`params`, else "sample"). */
  url: string;
}

/**
 * Routes whose response stays open (server-sent events): inject() waits for a response's end, so the
 * route-table suites leave them out; each has a suite of its own over a real socket
 * (modules/notifications/notifications.stream.test.ts).
 */
export const LONG_LIVED_ROUTES: ReadonlySet<string> = new Set(['/api/pcsx/notifications/stream']);

/**
 * Every route the app registered, read from Fastify's route tree, so suites such as CSRF enforcement
 * (T03) cover routes added by later modules without being edited. Long-lived routes are left out.
 */
export function listRoutes(app: FastifyInstance, params: Record<string, string> = {}): RouteEntry[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of lines) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    stack.push(segment);
    const methods = match[3];
    if (!methods) continue;
    // The tree prints `/careers/*` as `careers` › `*`: put the slash back.
    const pattern = stack.join('').replace(/([^/])\*$/, '$1/*');
    const path = pattern
      .replace(/\*$/, `/${params['*'] ?? 'sample'}`)
      .replace(/:([A-Za-z_]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? 'sample'))
      .replace(/\/{2,}/g, '/');
    if (LONG_LIVED_ROUTES.has(pattern)) continue;
    for (const method of methods.split(', ')) routes.push({ method, pattern, url: path });
  }
  return routes;
}
