/** See first-route.mjs. */
export function firstRouteFiles(distDir: string): { js: string[]; css: string[] };
