// The other locales' catalogues as static files of the web build (issue 13, P5): every
// packages/i18n/locales/<locale>/<namespace>.json but English's is written, minified, to
// dist/assets/i18n/<version>/<locale>/<namespace>.json, where <version> is a hash of them all, so each file is
// immutable and cached for a year (apps/server/src/http/static-files.ts). The browser fetches one when a
// screen in that language needs it (src/lib/catalogue-files.ts); `vite dev` serves the same paths.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PSEUDO_LOCALE, pseudoCatalogue } from '../../../packages/i18n/src/pseudo-locale.ts';

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

/** The pseudo-locale's files (layout testing, issue 13): made from English's at build time, never committed. */
function pseudoFiles() {
  const english = join(localesDir, 'en');
  return readdirSync(english)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ namespace: file.replace(/\.json$/, ''), catalogue: pseudoCatalogue(JSON.parse(readFileSync(join(english, file), 'utf8'))) }));
}

/** A hash of every catalogue: a changed word gives every file a new address. */
export function cataloguesVersion() {
  const hash = createHash('sha256');
  for (const file of catalogueFiles()) hash.update(file.path.slice(localesDir.length)).update(readFileSync(file.path));
  for (const file of pseudoFiles()) hash.update(`${PSEUDO_LOCALE}/${file.namespace}`).update(JSON.stringify(file.catalogue));
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
      for (const { namespace, catalogue } of pseudoFiles()) {
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${version}/${PSEUDO_LOCALE}/${namespace}.json`, source: JSON.stringify(catalogue) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = PATH.exec((request.url ?? '').split('?')[0]);
        if (match && match[1] === PSEUDO_LOCALE) {
          const file = pseudoFiles().find((candidate) => candidate.namespace === match[2]);
          if (!file) return next();
          response.setHeader('content-type', 'application/json; charset=utf-8');
          return response.end(JSON.stringify(file.catalogue));
        }
        const path = match ? join(localesDir, match[1], `${match[2]}.json`) : null;
        if (!path || !existsSync(path)) return next();
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(readFileSync(path));
      });
    },
  };
}
