import { HTML_SANITIZER_RULES } from '@careers/html-sanitizer/rules-version';
import { z } from 'zod';
import type { SanitizedHtml } from '../../kernel/tenant';

/**
 * A tenant's HTML (navbar, banner, footer) sanitized when its configuration is written (QUALITY T09), for
 * the server renderer: raw → clean, by the rules the browser uses (@careers/html-sanitizer). The browser
 * still sanitizes the raw HTML itself; the stored results only spare the serving process a DOM (jsdom,
 * ~100 MB: P10).
 */
export type { SanitizedHtml };

/** Sanitizes each of `html` (same order): in production in a short-lived child process. */
export type TenantHtmlSanitizer = (html: readonly string[]) => Promise<string[]>;

/**
 * Stored as JSON with the rules' version: results of older rules count as missing and are made again at
 * the next start. Pairs rather than an object: raw HTML is any text, "__proto__" included.
 */
const StoredHtmlSchema = z.object({ rules: z.string(), entries: z.array(z.tuple([z.string(), z.string()])) });

export function storeSanitizedHtml(sanitized: SanitizedHtml): string {
  return JSON.stringify({ rules: HTML_SANITIZER_RULES, entries: [...sanitized] } satisfies z.infer<typeof StoredHtmlSchema>);
}

/** What a row stores, when it was made by the current rules; else nothing (to be made again). */
export function readSanitizedHtml(stored: string | null): SanitizedHtml {
  if (stored === null) return new Map();
  try {
    const parsed = StoredHtmlSchema.parse(JSON.parse(stored));
    return parsed.rules === HTML_SANITIZER_RULES ? new Map(parsed.entries) : new Map();
  } catch {
    return new Map();
  }
}

/** Each of `html` → its sanitized form: every text once, in one call of `sanitize` (one child process). */
export async function sanitizeAll(html: readonly string[], sanitize: TenantHtmlSanitizer): Promise<Map<string, string>> {
  const unique = [...new Set(html)];
  const clean = unique.length > 0 ? await sanitize(unique) : [];
  return new Map(unique.map((raw, index) => [raw, clean[index] ?? '']));
}

/** Answers from results made earlier (`known`), and runs `sanitize` only for other HTML. */
export function withKnownResults(known: SanitizedHtml, sanitize: TenantHtmlSanitizer): TenantHtmlSanitizer {
  return async (html) => {
    const made = await sanitizeAll(
      html.filter((raw) => !known.has(raw)),
      sanitize,
    );
    return html.map((raw) => known.get(raw) ?? made.get(raw) ?? '');
  };
}
