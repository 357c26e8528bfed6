import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TenantHtmlSanitizer } from './tenant-html';

/** Starting node and loading jsdom takes about a second; a child that takes this long is stuck. */
const CHILD_TIMEOUT_MS = 60_000;

/**
 * The child's program. From the server's bundle: built beside it (build.mjs, tenant-html-child.js). From
 * source (tests, `npm run dev`): the TypeScript file, run through tsx.
 */
function childProgram(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('./tenant-html.child.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  }
  return { file: fileURLToPath(new URL('./tenant-html-child.js', import.meta.url)), execArgv: [] };
}

function isCleanFor(html: readonly string[], message: unknown): message is string[] {
  return Array.isArray(message) && message.length === html.length && message.every((text) => typeof text === 'string');
}

/**
 * Sanitizes tenant HTML in a child process that exits when done: the DOM DOMPurify needs (jsdom, ~100 MB)
 * never loads in the server itself (P10). Only when a configuration is written, and at a start that finds
 * stored results missing.
 */
export const sanitizeInChildProcess: TenantHtmlSanitizer = (html) => {
  if (html.length === 0) return Promise.resolve([]);
  const { file, execArgv } = childProgram();
  return new Promise<string[]>((resolve, reject) => {
    const child = fork(file, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let clean: string[] | null = null;
    const timer = setTimeout(() => child.kill(), CHILD_TIMEOUT_MS);
    child.once('message', (message) => {
      if (isCleanFor(html, message)) clean = message;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (clean) resolve(clean);
      else reject(new Error(`the tenant HTML sanitizer ended without an answer (code ${code}, signal ${signal})`));
    });
    child.send([...html]);
  });
};
