// The layering of DESIGN.md, enforced: the web never imports server code, contracts depend on zod and
// libphonenumber-js alone, the HTML sanitizer's rules on DOMPurify alone (the browser and the server each
// bring the window), web features never import each other (shared code lives in ui/ or lib/), and ui/
// and lib/ import no feature and no app/. The server's floors (issue 8 §5), from the bottom:
//   db/              connection, schema, migrations: imports nothing above it (kernel/, engine, http/,
//                    modules, startup/, wiring)
//   kernel/          domain-free types and helpers shared by the floors above (session and tenant types,
//                    session tokens, country codes): imports db/ alone (its schema's record types)
//   search-engine/   postings, index, matching, ranking: imports db/ and kernel/ only
//   http/            the HTTP kit (csrf, sessions, request context, headers): knows no module
//   modules/         the domain: never imports the app's wiring (app.ts, main.ts, services.ts, startup/)
//   startup/, cli/, app.ts, services.ts, main.ts: the wiring, clients of everything below
// and routes (`*.routes.ts`, `*.admin-routes.ts`) reach data through services: no repository, no Kysely. Tests and their
// support (test/, *.fixtures.ts, *.test-support.ts) wire what they test and are outside the server zones.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

// Packages that import nothing of ours and only the npm packages listed.
const SELF_CONTAINED_PACKAGES = [
  { name: 'Contracts', dir: 'packages/contracts/', allowed: new Set(['zod', 'libphonenumber-js']) },
  // The caller brings the window (the browser's, or jsdom's on the server).
  { name: 'The HTML sanitizer', dir: 'packages/html-sanitizer/', allowed: new Set(['dompurify']) },
];
// Tests beside those packages may use the test tools; the packages themselves may not.
const TEST_ONLY = new Set(['vitest', 'fast-check']);

function featureOf(file) {
  const match = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  return match ? match[1] : null;
}

const SERVER = 'apps/server/src/';
/** The app's wiring: what composes the modules (nothing below may import it). */
const WIRING = [`${SERVER}app`, `${SERVER}main`, `${SERVER}services`];
/** The server's own kit at the top of src/: configuration, clock, errors, logging. */
const SERVER_KIT = [`${SERVER}config`, `${SERVER}clock`, `${SERVER}errors`, `${SERVER}logger`, `${SERVER}shutdown`];

/** The floor of a server file or import target (without extension), or null outside apps/server/src. */
function serverFloor(file) {
  if (!file.startsWith(SERVER)) return null;
  const inner = file.slice(SERVER.length);
  const top = inner.split('/')[0];
  if (['kernel', 'db', 'search-engine', 'http', 'modules', 'startup', 'test'].includes(top)) return top;
  // The command line (issue 10) composes services like main.ts does: it is wiring.
  if (top === 'cli') return 'wiring';
  const bare = `${SERVER}${inner.replace(/\.(ts|tsx|js|mjs)$/, '')}`;
  if (WIRING.includes(bare)) return 'wiring';
  if (SERVER_KIT.includes(bare)) return 'kit';
  return 'other';
}

const isServerTestCode = (file) => /\.test\.tsx?$|\.fixtures\.ts$|\.test-support\.ts$/.test(file) || file.startsWith(`${SERVER}test/`);

/** What each server floor must not import, with the reason reported. */
const SERVER_ZONES = {
  db: { forbidden: ['kernel', 'search-engine', 'http', 'modules', 'startup', 'wiring'], message: 'db/ imports no module, engine, HTTP kit, kernel, startup or app wiring (a migration inlines a frozen copy of what it needs)' },
  kernel: { forbidden: ['search-engine', 'http', 'modules', 'startup', 'wiring', 'kit'], message: 'kernel/ imports nothing of the server but db/' },
  'search-engine': { forbidden: ['http', 'modules', 'startup', 'wiring', 'kit'], message: 'The search engine depends on db/ and kernel/ only' },
  http: { forbidden: ['modules', 'search-engine', 'startup', 'wiring'], message: 'The HTTP kit (http/) knows no domain: it imports no module (shared types live in kernel/)' },
  kit: { forbidden: ['modules', 'search-engine', 'startup', 'wiring'], message: 'config, clock, errors and logging import no module' },
  modules: { forbidden: ['startup', 'wiring'], message: 'Modules never import the app wiring (app.ts, main.ts, services.ts, startup/)' },
};

function checkServer(context, node, importer, source, target) {
  if (isServerTestCode(importer)) return;
  const from = serverFloor(importer);
  if (from === null) return;
  const to = target ? serverFloor(target) : null;
  const zone = SERVER_ZONES[from];
  if (zone && to && zone.forbidden.includes(to)) {
    context.report({ node, message: `${zone.message}; not "${source}".` });
  }
  if (/[.-]routes\.ts$/.test(importer)) {
    if (source === 'kysely' || source.startsWith('kysely/')) {
      context.report({ node, message: 'Routes never import Kysely: data goes through a service.' });
    } else if (target && /\.repository$/.test(target.replace(/\.(ts|js)$/, ''))) {
      context.report({ node, message: `Routes never import a repository ("${source}"): data goes through a service.` });
    }
  }
}

const WEB_SHARED = /^apps\/web\/src\/(ui|lib)\//;
const WEB_UPPER = /^apps\/web\/src\/(features|app)(\/|$)/;

function check(context, node) {
  const source = node.source && node.source.value;
  if (typeof source !== 'string') return;
  const importer = rel(context.filename);
  const target = source.startsWith('.') ? rel(path.resolve(path.dirname(context.filename), source)) : null;

  if (importer.startsWith('apps/web/')) {
    if (source.startsWith('@careers/server') || (target && target.startsWith('apps/server/'))) {
      context.report({ node, message: 'The web app never imports server code; share through @careers/contracts.' });
    }
    const from = featureOf(importer);
    const to = target ? featureOf(target + '/') ?? featureOf(target) : null;
    if (from && to && from !== to) {
      context.report({ node, message: `Feature "${from}" must not import feature "${to}"; compose them in app/ or move shared code to ui/ or lib/.` });
    }
    const shared = WEB_SHARED.exec(importer);
    const upper = target ? WEB_UPPER.exec(target) : null;
    if (shared && upper) {
      context.report({ node, message: `${shared[1]}/ imports no feature and no app/ ("${source}"): what both need lives in ui/ or lib/.` });
    }
  }
  checkServer(context, node, importer, source, target);
  for (const pkg of SELF_CONTAINED_PACKAGES) {
    if (!importer.startsWith(pkg.dir)) continue;
    const isTest = /\.test\.ts$/.test(importer);
    const bare = source.startsWith('.') ? null : source.split('/')[0];
    if (bare && !pkg.allowed.has(bare) && !(isTest && TEST_ONLY.has(bare))) {
      context.report({ node, message: `${pkg.name}: only ${[...pkg.allowed].join(' and ')} may be imported, not "${source}".` });
    }
    if (target && !target.startsWith(pkg.dir)) {
      context.report({ node, message: `${pkg.name} must not import outside ${pkg.dir}.` });
    }
  }
  if (importer.startsWith('apps/server/') && (source.startsWith('@careers/web') || (target && target.startsWith('apps/web/')))) {
    context.report({ node, message: 'The server never imports web code.' });
  }
}

export const boundaries = {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return {
          ImportDeclaration: (node) => check(context, node),
          ExportNamedDeclaration: (node) => check(context, node),
          ExportAllDeclaration: (node) => check(context, node),
          ImportExpression: (node) => {
            if (node.source.type === 'Literal') check(context, { source: node.source, ...node });
          },
        };
      },
    },
  },
};
