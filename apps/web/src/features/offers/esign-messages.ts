import { EsignFrameHeightMessageSchema, EsignFrameMessageSchema, type EsignFrameMessage } from '@careers/contracts';

/**
 * spec §9 "Trusted message origin: the captcha host and same origin". The signing page is served by this
 * site, and the portal embeds no captcha, so the list is this page's own origin. One constant: a captcha
 * host would be added here, and nowhere else.
 */
export const TRUSTED_MESSAGE_ORIGINS: readonly ('same-origin' | `https://${string}`)[] = ['same-origin'];

export function isTrustedOrigin(origin: string, pageOrigin: string = window.location.origin): boolean {
  return TRUSTED_MESSAGE_ORIGINS.some((trusted) => (trusted === 'same-origin' ? origin === pageOrigin : origin === trusted));
}

/**
 * A message the signing frame may send (spec §4 "type ESIGN ... type REJECT"), for this very document; null
 * for anything else, however it is shaped.
 */
export function readEsignMessage(
  data: unknown,
  expected: { offerId: string; documentId: string },
): EsignFrameMessage | null {
  const parsed = EsignFrameMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  const message = parsed.data;
  return message.offerId === expected.offerId && message.documentId === expected.documentId ? message : null;
}

/** The frame's content height from an ESIGN_HEIGHT message for this very document; null for anything else. */
export function readEsignHeight(data: unknown, expected: { offerId: string; documentId: string }): number | null {
  const parsed = EsignFrameHeightMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  const message = parsed.data;
  return message.offerId === expected.offerId && message.documentId === expected.documentId ? message.height : null;
}
