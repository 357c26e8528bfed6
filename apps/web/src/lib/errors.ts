import type { TFunction } from 'i18next';
import { ApiError } from './http';

/**
 * The text to show for a failed call: client-side conditions (rate limit, session, CSRF, server error on a
 * read...) are translated by code; anything else is the server's own message (spec §8 "API error handler").
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    return t(`errors.${error.code}`, { defaultValue: error.message, ns: 'common' });
  }
  return t('errors.unexpected', { ns: 'common' });
}
