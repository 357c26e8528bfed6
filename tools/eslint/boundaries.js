// The layering of DESIGN.md, enforced: the web never imports server code, contracts depend on zod and
// libphonenumber-js alone, the HTML sanitizer's rules on DOMPurify alone (the browser and the server each
// bring the window), and web features never import each other (shared code lives in ui/ or lib/).
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
  }
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
