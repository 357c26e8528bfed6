import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, negotiateLocale, resolveLocale } from '@careers/i18n/locale-list';

/**
 * The language a request reads in, for what the server writes itself (issue 13: a PDF's fixed texts): the
 * `hl` a link carries, else Accept-Language (the web app sends the page's own language there, which already
 * follows hl, the saved preference and the browser), else English.
 */
export function requestLocale(request: FastifyRequest): string {
  const { hl } = (request.query ?? {}) as Record<string, unknown>;
  if (typeof hl === 'string' && hl.trim() !== '') return resolveLocale(hl);
  return negotiateLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
