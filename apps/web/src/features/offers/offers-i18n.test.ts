import {
  DECLINE_REASON_LABELS,
  OFFER_STATUS_LABELS,
  OfferMessages,
  documentStatusMessage,
  expiryText,
  type DocumentStatusText,
} from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { OFFERS_NS, registerOffersCatalogue } from './offers-i18n';

function offersT() {
  const i18n = createI18n();
  registerOffersCatalogue(i18n);
  return i18n.getFixedT('en', OFFERS_NS);
}

describe('the English offers catalogue', () => {
  it('says every spec message in the words of the contracts', () => {
    const t = offersT();
    const pairs: [string, string][] = [
      ['toasts.acceptSuccess', OfferMessages.acceptSuccess],
      ['toasts.declineSuccess', OfferMessages.declineSuccess],
      ['toasts.esignSuccess', OfferMessages.esignSuccess],
      ['toasts.esignRejected', OfferMessages.esignRejected],
      ['toasts.acceptFailed', OfferMessages.acceptFailed],
      ['toasts.declineFailed', OfferMessages.declineFailed],
      ['toasts.noLetterContent', OfferMessages.noLetterContent],
      ['toasts.downloadFailed', OfferMessages.downloadFailed],
      ['letter.steps.upload.atMostOneFile', OfferMessages.atMostOneFile],
      ['letter.sign.enterFullName', OfferMessages.enterFullName],
      ['letter.sign.agree', OfferMessages.agreeToTerms],
      ['letter.sign.signatureLabel', OfferMessages.signatureLabel],
      ['letter.sign.signaturePlaceholder', OfferMessages.signaturePlaceholder],
      ['letter.sign.required', OfferMessages.required],
      ['detail.yetToBeSigned', OfferMessages.yetToBeSigned],
      ['detail.beingProcessed', OfferMessages.beingProcessed],
      ['list.actionRequired', OfferMessages.actionRequired],
      ['list.empty', OfferMessages.noOffers],
      ['list.viewOffer', OfferMessages.viewOffer],
    ];
    for (const [key, text] of pairs) expect(t(key), key).toBe(text);
  });

  it('labels statuses and decline reasons as the contracts do', () => {
    const t = offersT();
    for (const [status, label] of Object.entries(OFFER_STATUS_LABELS)) expect(t(`status.${status}`)).toBe(label);
    for (const [code, label] of Object.entries(DECLINE_REASON_LABELS)) expect(t(`decline.reasons.${code}`)).toBe(label);
  });

  it('counts days exactly like expiryText (spec §9 "Expires in 1 day / in {days} days")', () => {
    const t = offersT();
    const now = Date.parse('2025-03-01T12:00:00Z');
    for (let days = 1; days <= 45; days += 1) {
      const expiresAt = new Date(now + days * 86_400_000).toISOString();
      expect(t('list.expiresIn', { count: days })).toBe(expiryText(expiresAt, now));
    }
  });

  it('writes the document lines like documentStatusMessage (spec §4)', () => {
    const t = offersT();
    const lines: [DocumentStatusText, string][] = [
      [{ kind: 'expires', date: '03/09/2025', isPast: false }, t('detail.documentExpires', { date: '03/09/2025' })],
      [{ kind: 'yet_to_be_signed' }, t('detail.yetToBeSigned')],
      [{ kind: 'being_processed' }, t('detail.beingProcessed')],
      [{ kind: 'last_updated', date: '03/01/2025' }, t('detail.lastUpdated', { date: '03/01/2025' })],
    ];
    for (const [line, text] of lines) expect(text).toBe(documentStatusMessage(line));
  });
});
