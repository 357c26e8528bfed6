// Bundles the server into dist/: main.js (the HTTP server), seed.js (the demo data CLI), careers.js (the
// operators' command line, issue 10) and
// tenant-html-child.js (the child process that sanitizes tenant HTML with jsdom when a config is written) and
// signed-upload-worker.js (the thread that checks uploaded PDFs, issue 8 §1) and resume-extract-worker.js (the
// thread that reads uploaded resumes, issue 11).
// npm packages stay external (native better-sqlite3, pg); workspace packages (@careers/*) are bundled,
// since they ship TypeScript sources.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Everything imported by bare name is external, except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@careers/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', seed: 'src/startup/seed/seed-cli.ts', careers: 'src/cli/main.ts', 'tenant-html-child': 'src/modules/tenants/tenant-html.child.ts', 'signed-upload-worker': 'src/modules/offers/signed-upload.worker.ts', 'resume-extract-worker': 'src/modules/resume/resume-extract.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Code loaded with import() (the PDF work: pdf-lib and fontkit take ~0.5 s and 40 MB) goes into its own
  // chunks, so it loads on first use rather than at start (P10). Chunks sit beside main.js: paths resolved
  // from import.meta.url stay the same.
  splitting: true,
  chunkNames: '[name]-[hash]',
  // Bundled CommonJS code may call require(); ESM output has none unless we make one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
