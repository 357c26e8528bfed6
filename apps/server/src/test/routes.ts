import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's URL with every parameter and wildcard replaced by a sample value. */
  url: string;
}

/**
 * Every route the app registered, read from Fastify's route tree, so suites such as CSRF enforcement
 * (T03) cover routes added by later modules without being edited.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
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
    const path = stack
      .join('')
      .replace(/\*$/, '/sample')
      .replace(/:[A-Za-z_]+/g, 'sample')
      .replace(/\/{2,}/g, '/');
    for (const method of methods.split(', ')) routes.push({ method, url: path });
  }
  return routes;
}
