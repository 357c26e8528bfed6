/**
 * The child process that sanitizes tenant HTML (tenant-html.sanitizer.ts starts it): jsdom's DOM and the
 * browser's rules (@careers/html-sanitizer). It answers one message — the HTML to sanitize — and exits,
 * so jsdom's memory (~100 MB) never stays in the server.
 */
import { createHtmlSanitizer } from '@careers/html-sanitizer';
import { JSDOM } from 'jsdom';

process.once('message', (html: unknown) => {
  const texts = Array.isArray(html) ? html.filter((text): text is string => typeof text === 'string') : [];
  const { sanitizeHtml } = createHtmlSanitizer(new JSDOM('<!doctype html>').window);
  process.send?.(
    texts.map((text) => sanitizeHtml(text)),
    () => process.disconnect(),
  );
});
