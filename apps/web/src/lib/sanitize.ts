import { createHtmlSanitizer, type HtmlSanitizer } from '@careers/html-sanitizer';

/**
 * The browser's sanitizer of tenant-authored HTML (QUALITY T09): the shared rules
 * (@careers/html-sanitizer) in this window. Loaded lazily (lib/sanitizer.ts): DOMPurify stays out of the
 * first route's bundle (P5). The server renders the results it stored when the tenant's configuration was
 * written, made by the same rules, so hydration finds the same markup.
 */
let sanitizer: HtmlSanitizer | null = null;

export function sanitizeHtml(html: string): string {
  sanitizer ??= createHtmlSanitizer(window);
  return sanitizer.sanitizeHtml(html);
}
