// The other locales' catalogues as static files of the web build (issue 13, P5): every
// packages/i18n/locales/<locale>/<namespace>.json but English's is written, minified, to
// dist/assets/i18n/<version>/<locale>/<namespace>.json, where <version> is a hash of them all, so each file is
// immutable and cached for a year (apps/server/src/http/static-files.ts). The browser fetches one when a
// screen in that language needs it (src/lib/catalogue-files.ts); `vite dev` serves the same paths.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const localesDir = new URL('../../../packages/i18n/locales/', import.meta.url).pathname;
// Namespaces only the server reads (the emails): not published with the web build.
const SERVER_ONLY = new Set(['emails']);
const PATH = /^\/assets\/i18n\/[0-9a-f]+\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,4})?)\/([a-z]+)\.json$/;

function catalogueFiles() {
  return readdirSync(localesDir)
    .filter((locale) => locale !== 'en' && existsSync(join(localesDir, locale)))
    .flatMap((locale) =>
      readdirSync(join(localesDir, locale))
        .filter((file) => file.endsWith('.json') && !SERVER_ONLY.has(file.replace(/\.json$/, '')))
        .map((file) => ({ locale, namespace: file.replace(/\.json$/, ''), path: join(localesDir, locale, file) })),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** A hash of every catalogue: a changed word gives every file a new address. */
export function cataloguesVersion() {
  const hash = createHash('sha256');
  for (const file of catalogueFiles()) hash.update(file.path.slice(localesDir.length)).update(readFileSync(file.path));
  return hash.digest('hex').slice(0, 12);
}

/** @returns {import('vite').Plugin} */
export function catalogueFilesPlugin() {
  const version = cataloguesVersion();
  return {
    name: 'careers-catalogue-files',
    config: () => ({ define: { __CATALOGUES_VERSION__: JSON.stringify(version) } }),
    generateBundle() {
      // The client build only: the server's renderer reads the package (bundled-catalogues.ts).
      if (this.environment?.config?.build?.ssr) return;
      for (const { locale, namespace, path } of catalogueFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `assets/i18n/${version}/${locale}/${namespace}.json`,
          source: JSON.stringify(JSON.parse(readFileSync(path, 'utf8'))),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = PATH.exec((request.url ?? '').split('?')[0]);
        const path = match ? join(localesDir, match[1], `${match[2]}.json`) : null;
        if (!path || !existsSync(path)) return next();
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(readFileSync(path));
      });
    },
  };
}
