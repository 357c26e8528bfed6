import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const ONE_DAY_S = 24 * 60 * 60;
const ASSETS_PREFIX = '/assets/';

/**
 * The web build: hashed `/assets/*` are immutable for a year; other files (`/brand/*`, favicon) a day.
 * index.html is never served from here — the shell renders it per request with boot data.
 */
export const staticFilesPlugin = fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    if (!existsSync(webDistDir)) {
      app.log.warn({ webDistDir }, 'web build not found; static files are not served');
    }
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      suppressWarning: true,
      // The web build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs): sent as negotiated.
      preCompressed: true,
      allowedPath: (pathName) =>
        !pathName.endsWith('/index.html') && pathName !== '/index.html' && !/\.(?:br|gz)$/.test(pathName),
      setHeaders: (reply, filePath) => {
        const isAsset = filePath.startsWith(join(webDistDir, ASSETS_PREFIX));
        reply.header(
          'cache-control',
          isAsset ? `public, max-age=${ONE_YEAR_S}, immutable` : `public, max-age=${ONE_DAY_S}`,
        );
      },
    });
  },
  { name: 'static-files' },
);
