import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECLINE_REASON_CODES,
  OFFER_STATUS_LABELS,
  OfferMessages,
  SIGNED_UPLOAD_MAX_BYTES,
  offerLetterFileName,
  offerStatusLabel,
  profileFullName,
  signaturePlaceholder,
  validateInlineSignForm,
  validateTypedSignature,
} from './offer-rules';
import { DeclineOfferRequestSchema, EsignDecisionRequestSchema, EsignFrameMessageSchema, InlineSignRequestSchema, OfferSchema } from './offers';

const document = {
  id: 'd1',
  name: 'Offer letter',
  status: 'Unsigned',
  signed: false,
  url: null,
  updated_at: '2026-03-01T10:00:00.000Z',
  expires_at: null,
  s3_path: null,
};
const offer = {
  id: 'o1',
  status: 'Extended',
  position: { id: 'p1', name: 'Robotics Engineer' },
  updated_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-15T23:59:59.000Z',
  offer_documents: [document],
};

describe('offer wire shapes (spec §3)', () => {
  it('parses an offer with and without the letter bytes', () => {
    expect(OfferSchema.parse(offer)).toEqual(offer);
    const detail = { ...offer, offer_documents: [{ ...document, b64_string: 'JVBERi0=' }] };
    expect(OfferSchema.parse(detail).offer_documents[0]?.b64_string).toBe('JVBERi0=');
  });
  it('rejects unknown statuses and non-ISO dates', () => {
    expect(OfferSchema.safeParse({ ...offer, status: 'Rejected' }).success).toBe(false);
    expect(OfferSchema.safeParse({ ...offer, updated_at: '03/01/2026' }).success).toBe(false);
    expect(OfferSchema.safeParse({ ...offer, offer_documents: [{ ...document, status: 'Done' }] }).success).toBe(false);
  });
  it('labels every status, Rejected included, and shows an unknown key as sent', () => {
    expect(Object.keys(OFFER_STATUS_LABELS).sort()).toEqual(
      ['Accepted', 'Canceled', 'Declined', 'Expired', 'Extended', 'Rejected'],
    );
    expect(offerStatusLabel('Rejected')).toBe('Rejected');
    expect(offerStatusLabel('toString')).toBe('toString');
    expect(offerStatusLabel('Unknown')).toBe('Unknown');
  });
  it('sizes the upload limit in binary megabytes (spec §5)', () => {
    expect(SIGNED_UPLOAD_MAX_BYTES).toBe(10_485_760);
  });
  it('names a downloaded letter offer-letter-{id}.pdf (spec §5)', () => {
    expect(offerLetterFileName('42')).toBe('offer-letter-42.pdf');
  });
  it('keeps the spec wording of the messages', () => {
    expect(OfferMessages.acceptSuccess).toBe('Successfully submitted form for verification');
    expect(OfferMessages.atMostOneFile).toBe('You should upload at most 1 file');
    expect(OfferMessages.downloadFailed).toBe('Offer Letter Download Failed');
    expect(new Set(Object.values(OfferMessages)).size).toBe(Object.values(OfferMessages).length);
  });
});

describe('request bodies', () => {
  it('inline sign needs the box ticked (boolean or multipart text) and a signature of at most 200', () => {
    expect(InlineSignRequestSchema.parse({ agreed: 'true', signature: 'Ada Lovelace' })).toEqual({
      agreed: true,
      signature: 'Ada Lovelace',
    });
    expect(InlineSignRequestSchema.safeParse({ agreed: true, signature: 'x'.repeat(200) }).success).toBe(true);
    expect(InlineSignRequestSchema.safeParse({ agreed: true, signature: 'x'.repeat(201) }).success).toBe(false);
    expect(InlineSignRequestSchema.safeParse({ agreed: false, signature: 'Ada' }).success).toBe(false);
    expect(InlineSignRequestSchema.safeParse({ agreed: 'on', signature: 'Ada' }).success).toBe(false);
    expect(InlineSignRequestSchema.safeParse({ signature: 'Ada' }).success).toBe(false);
  });
  it('decline takes an optional reason from the list and optional text of at most 1000', () => {
    expect(DeclineOfferRequestSchema.parse({})).toEqual({});
    for (const code of DECLINE_REASON_CODES) {
      expect(DeclineOfferRequestSchema.parse({ reason_code: code }).reason_code).toBe(code);
    }
    expect(DeclineOfferRequestSchema.parse({ reason_text: '   ' }).reason_text).toBeUndefined();
    expect(DeclineOfferRequestSchema.parse({ reason_text: ' Moving abroad ' }).reason_text).toBe('Moving abroad');
    expect(DeclineOfferRequestSchema.safeParse({ reason_text: 'x'.repeat(1000) }).success).toBe(true);
    expect(DeclineOfferRequestSchema.safeParse({ reason_text: 'x'.repeat(1001) }).success).toBe(false);
    expect(DeclineOfferRequestSchema.safeParse({ reason_code: 'salary' }).success).toBe(false);
  });
  it('e-sign decisions and frame messages', () => {
    expect(EsignDecisionRequestSchema.parse({ decision: 'reject' })).toEqual({ decision: 'reject' });
    expect(EsignDecisionRequestSchema.parse({ decision: 'sign', agreed: true, signature: 'Ada' })).toEqual({
      decision: 'sign',
      agreed: true,
      signature: 'Ada',
    });
    expect(EsignDecisionRequestSchema.safeParse({ decision: 'sign', signature: 'Ada' }).success).toBe(false);
    expect(EsignFrameMessageSchema.safeParse({ type: 'ESIGN', offerId: '1', documentId: '2' }).success).toBe(true);
    expect(EsignFrameMessageSchema.safeParse({ type: 'esign', offerId: '1', documentId: '2' }).success).toBe(false);
  });
});

describe('validateTypedSignature (spec §5 inline sign form)', () => {
  it('is required', () => {
    for (const input of ['', '   ', null, undefined]) {
      expect(validateTypedSignature(input, 'Ada Lovelace')).toEqual({ ok: false, message: 'This field is required' });
      expect(validateTypedSignature(input, null)).toEqual({ ok: false, message: 'This field is required' });
    }
  });
  it('accepts exactly the profile full name, trimmed as the form trims on blur', () => {
    expect(validateTypedSignature('Ada Lovelace', 'Ada Lovelace')).toEqual({ ok: true, signature: 'Ada Lovelace' });
    expect(validateTypedSignature('  Ada Lovelace ', 'Ada Lovelace')).toEqual({ ok: true, signature: 'Ada Lovelace' });
  });
  it('rejects anything else with Please enter your full name', () => {
    for (const input of ['ada lovelace', 'Ada', 'Ada  Lovelace', 'Ada Lovelace.', 'Grace Hopper']) {
      expect(validateTypedSignature(input, 'Ada Lovelace')).toEqual({ ok: false, message: 'Please enter your full name' });
    }
  });
  it('compares Unicode names in NFC', () => {
    const nfc = 'Łukasz Żółć';
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    expect(validateTypedSignature(nfd, nfc)).toEqual({ ok: true, signature: nfc });
  });
  it('rejects any non-blank text when the name is unknown (as coded, odd)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), (input) => {
        expect(validateTypedSignature(input, null)).toEqual({ ok: false, message: 'Please enter your full name' });
      }),
      { numRuns: 300 },
    );
  });
  it('accepts a known name typed exactly, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ''), (name) => {
        const fullName = name.trim();
        expect(validateTypedSignature(fullName, fullName).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('profile name helpers', () => {
  it('joins first and last name, null when both are blank', () => {
    expect(profileFullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(profileFullName(' Ada ', '')).toBe('Ada');
    expect(profileFullName('', ' ')).toBeNull();
    expect(profileFullName(null, undefined)).toBeNull();
  });
  it('uses the name as placeholder, else Enter your name', () => {
    expect(signaturePlaceholder('Ada Lovelace')).toBe('Ada Lovelace');
    expect(signaturePlaceholder(null)).toBe('Enter your name');
  });
});

describe('validateInlineSignForm', () => {
  it('requires the checkbox and the signature', () => {
    expect(validateInlineSignForm({ agreed: false, signature: '' }, 'Ada Lovelace')).toEqual({
      agreed: 'This field is required',
      signature: 'This field is required',
    });
    expect(validateInlineSignForm({ agreed: true, signature: 'Ada' }, 'Ada Lovelace')).toEqual({
      signature: 'Please enter your full name',
    });
    expect(validateInlineSignForm({ agreed: true, signature: 'Ada Lovelace' }, 'Ada Lovelace')).toEqual({});
  });
});
