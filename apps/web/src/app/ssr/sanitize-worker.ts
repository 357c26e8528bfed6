/**
 * The server renderer's sanitizer thread (built beside entry-server.js): tenant HTML through the web's own
 * DOMPurify setup (lib/sanitize.ts) in jsdom's DOM, so jsdom's memory goes when the thread does.
 */
import { sanitizeHtml, setSanitizerWindow } from '../../lib/sanitize';
import { jsdomWindow, workerThreads } from './node-runtime';
import type { SanitizeRequest, SanitizeResponse } from './html-sanitizer-host';

const { parentPort } = await workerThreads();
if (!parentPort) throw new Error('sanitize-worker runs as a worker thread only');
const port = parentPort;
setSanitizerWindow(await jsdomWindow());
port.on('message', (message) => {
  const { id, html } = message as SanitizeRequest;
  const response: SanitizeResponse = { id, clean: html.map((text) => sanitizeHtml(text)) };
  port.postMessage(response);
});
