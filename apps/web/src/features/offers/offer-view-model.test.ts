import { describe, expect, it } from 'vitest';
import { chooseLetterForm, documentAction, offerLetterDocument, offerTone } from './offer-view-model';
import { daysFromNow, makeDocument, makeOffer } from './test/offer-fixtures';

const now = Date.now();

describe('chooseLetterForm (spec §2 offer letter page)', () => {
  it('frames the e-signature when the offer is Extended and the document has a url and is not signed (c)', () => {
    const document = makeDocument({ url: '/careers/esign/start' });
    expect(chooseLetterForm(makeOffer(), document, false, now)).toBe('esign');
    expect(chooseLetterForm(makeOffer(), makeDocument({ url: '/x', signing_mode: 'esign' }), false, now)).toBe('esign');
  });

  it('signs inline (a) or by upload (b) as the document asks, and by upload whenever the candidate prefers', () => {
    expect(chooseLetterForm(makeOffer(), makeDocument(), false, now)).toBe('inline');
    expect(chooseLetterForm(makeOffer(), makeDocument({ signing_mode: 'inline' }), false, now)).toBe('inline');
    expect(chooseLetterForm(makeOffer(), makeDocument({ signing_mode: 'upload' }), false, now)).toBe('upload');
    expect(chooseLetterForm(makeOffer(), makeDocument(), true, now)).toBe('upload');
    expect(chooseLetterForm(makeOffer(), makeDocument({ url: '/x', signing_mode: 'esign' }), true, now)).toBe('upload');
  });

  it('shows the signed copy once signed, by status or by flag, whatever the offer says', () => {
    expect(chooseLetterForm(makeOffer({ status: 'Accepted' }), makeDocument({ status: 'Signed', signed: true }), false, now)).toBe('signed');
    expect(chooseLetterForm(makeOffer(), makeDocument({ signed: true, url: '/careers/esign/x' }), false, now)).toBe('signed');
  });

  it('never offers to sign an offer that is past its expiry or final', () => {
    expect(chooseLetterForm(makeOffer({ expires_at: daysFromNow(-1) }), makeDocument({ url: '/e' }), false, now)).toBe('closed');
    for (const status of ['Declined', 'Canceled', 'Expired'] as const) {
      expect(chooseLetterForm(makeOffer({ status }), makeDocument(), false, now)).toBe('closed');
    }
  });

  it('waits while the company is still preparing the document', () => {
    expect(chooseLetterForm(makeOffer(), makeDocument({ status: 'Pending' }), false, now)).toBe('pending');
  });
});

describe('offerLetterDocument', () => {
  it('is the document still awaiting a signature, else the first one', () => {
    const signed = makeDocument({ id: 'd1', status: 'Signed', signed: true });
    const pending = makeDocument({ id: 'd2', status: 'Pending' });
    const unsigned = makeDocument({ id: 'd3' });
    expect(offerLetterDocument(makeOffer({ offer_documents: [signed, pending, unsigned] }))?.id).toBe('d3');
    expect(offerLetterDocument(makeOffer({ offer_documents: [signed, pending] }))?.id).toBe('d1');
    expect(offerLetterDocument(makeOffer({ offer_documents: [] }))).toBeNull();
  });
});

describe('offerTone (DESIGN.md status colours)', () => {
  it('is blue for Extended, green for Accepted, red for Declined, grey for Expired and Canceled', () => {
    expect([offerTone('Extended'), offerTone('Accepted'), offerTone('Declined'), offerTone('Expired'), offerTone('Canceled')]).toEqual([
      'extended',
      'accepted',
      'declined',
      'closed',
      'closed',
    ]);
  });
});

describe('documentAction (issue 8 §6: no Start on an offer that can no longer be acted on)', () => {
  it('is a primary Start for an unsigned document of an Extended offer, disabled while Pending', () => {
    expect(documentAction(makeOffer(), makeDocument(), now)).toEqual({ label: 'Start', variant: 'primary', disabled: false });
    expect(documentAction(makeOffer(), makeDocument({ status: 'Pending' }), now)).toEqual({ label: 'Start', variant: 'primary', disabled: true });
    expect(documentAction(makeOffer(), makeDocument({ status: 'Signed', signed: true }), now)).toEqual({ label: 'View', variant: 'secondary', disabled: false });
  });

  it('is a secondary View on Expired (stored or past its date), Declined, Canceled and Accepted offers', () => {
    const unsigned = makeDocument({ expires_at: daysFromNow(-2) });
    for (const offer of [
      makeOffer({ expires_at: daysFromNow(-1) }),
      makeOffer({ status: 'Expired' }),
      makeOffer({ status: 'Declined' }),
      makeOffer({ status: 'Canceled' }),
      makeOffer({ status: 'Accepted' }),
    ]) {
      expect(documentAction(offer, unsigned, now)).toEqual({ label: 'View', variant: 'secondary', disabled: false });
    }
    expect(documentAction(makeOffer({ status: 'Canceled' }), makeDocument({ status: 'Pending' }), now).label).toBe('View');
  });
});
