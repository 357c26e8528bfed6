/** See first-route.mjs. */
export function staticClosure(distDir: string, keys: readonly string[]): { js: string[]; css: string[] };
export function firstRouteFiles(distDir: string): { js: string[]; css: string[] };
