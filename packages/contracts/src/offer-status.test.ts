import { describe, expect, it } from 'vitest';
import {
  daysUntilExpiry,
  documentButton,
  documentStatusMessage,
  documentStatusText,
  effectiveOfferStatus,
  expiryText,
  formatOfferDate,
  isActionRequired,
  isDocumentSigned,
  isFinalOfferStatus,
  isPastExpiry,
  offerDateLine,
  timestampMs,
} from './offer-status';
import { OFFER_STATUSES } from './offer-rules';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('expiry (spec §4)', () => {
  it('is past only strictly before now; no date never expires', () => {
    expect(isPastExpiry(iso(NOW - 1), NOW)).toBe(true);
    expect(isPastExpiry(iso(NOW), NOW)).toBe(false);
    expect(isPastExpiry(iso(NOW + 1), new Date(NOW))).toBe(false);
    expect(isPastExpiry(null, NOW)).toBe(false);
  });
  it('refuses a value that is not a timestamp', () => {
    expect(() => timestampMs('soon')).toThrow(RangeError);
    expect(() => isPastExpiry('soon', NOW)).toThrow(RangeError);
  });
});

describe('effectiveOfferStatus', () => {
  it('shows an Extended offer past its expiry as Expired', () => {
    expect(effectiveOfferStatus({ status: 'Extended', expires_at: iso(NOW - 1) }, NOW)).toBe('Expired');
    expect(effectiveOfferStatus({ status: 'Extended', expires_at: iso(NOW + DAY) }, NOW)).toBe('Extended');
    expect(effectiveOfferStatus({ status: 'Extended', expires_at: null }, NOW)).toBe('Extended');
  });
  it('keeps final outcomes reached before the deadline', () => {
    for (const status of ['Accepted', 'Declined', 'Canceled', 'Expired'] as const) {
      expect(effectiveOfferStatus({ status, expires_at: iso(NOW - DAY) }, NOW)).toBe(status);
      expect(effectiveOfferStatus({ status, expires_at: iso(NOW + DAY) }, NOW)).toBe(status);
      expect(isFinalOfferStatus(status)).toBe(true);
    }
    expect(isFinalOfferStatus('Extended')).toBe(false);
  });
  it('never moves a final status, whatever the clock says', () => {
    for (const status of OFFER_STATUSES) {
      for (const at of [NOW - 10 * DAY, NOW, NOW + 10 * DAY]) {
        const shown = effectiveOfferStatus({ status, expires_at: iso(NOW) }, at);
        if (isFinalOfferStatus(status)) expect(shown).toBe(status);
      }
    }
  });
});

describe('isActionRequired', () => {
  it('holds for Extended offers that are not expired, only', () => {
    expect(isActionRequired({ status: 'Extended', expires_at: iso(NOW + HOUR) }, NOW)).toBe(true);
    expect(isActionRequired({ status: 'Extended', expires_at: null }, NOW)).toBe(true);
    expect(isActionRequired({ status: 'Extended', expires_at: iso(NOW - HOUR) }, NOW)).toBe(false);
    for (const status of ['Accepted', 'Declined', 'Canceled', 'Expired'] as const) {
      expect(isActionRequired({ status, expires_at: null }, NOW)).toBe(false);
    }
  });
});

describe('documentButton (spec §2 offer detail)', () => {
  it('reads Start for Unsigned, enabled', () => {
    expect(documentButton({ status: 'Unsigned', signed: false })).toEqual({ label: 'Start', disabled: false });
  });
  it('reads Start for Pending, disabled', () => {
    expect(documentButton({ status: 'Pending', signed: false })).toEqual({ label: 'Start', disabled: true });
  });
  it('reads View for Signed', () => {
    expect(documentButton({ status: 'Signed', signed: true })).toEqual({ label: 'View', disabled: false });
    expect(documentButton({ status: 'Signed', signed: false })).toEqual({ label: 'View', disabled: false });
  });
  it('reads View when flagged signed, still disabled while Pending', () => {
    expect(documentButton({ status: 'Unsigned', signed: true })).toEqual({ label: 'View', disabled: false });
    expect(documentButton({ status: 'Pending', signed: true })).toEqual({ label: 'View', disabled: true });
  });
  it('counts a document as signed by status or flag', () => {
    expect(isDocumentSigned({ status: 'Signed', signed: false })).toBe(true);
    expect(isDocumentSigned({ status: 'Unsigned', signed: true })).toBe(true);
    expect(isDocumentSigned({ status: 'Pending', signed: false })).toBe(false);
  });
});

describe('formatOfferDate (spec §9 MM/DD/YYYY)', () => {
  it('pads and uses the UTC day', () => {
    expect(formatOfferDate('2026-03-05T00:00:00.000Z')).toBe('03/05/2026');
    expect(formatOfferDate('2026-12-31T23:59:59.999Z')).toBe('12/31/2026');
    // 23:30 in New York on the 4th is already the 5th in UTC.
    expect(formatOfferDate('2026-03-04T23:30:00-05:00')).toBe('03/05/2026');
  });
});

describe('documentStatusText (spec §4)', () => {
  const base = { signed: false, updated_at: null, expires_at: null };
  it('Unsigned with an expiry: Expires {date}, flagged once passed', () => {
    const text = documentStatusText({ ...base, status: 'Unsigned', expires_at: '2026-03-20T10:00:00Z' }, NOW);
    expect(text).toEqual({ kind: 'expires', date: '03/20/2026', isPast: false });
    expect(documentStatusMessage(text)).toBe('Expires 03/20/2026');
    const past = documentStatusText({ ...base, status: 'Unsigned', expires_at: '2026-03-01T10:00:00Z' }, NOW);
    expect(past).toEqual({ kind: 'expires', date: '03/01/2026', isPast: true });
  });
  it('Unsigned without an expiry: Document is yet to be signed', () => {
    const text = documentStatusText({ ...base, status: 'Unsigned', updated_at: '2026-03-01T10:00:00Z' }, NOW);
    expect(text).toEqual({ kind: 'yet_to_be_signed' });
    expect(documentStatusMessage(text)).toBe('Document is yet to be signed');
  });
  it('Pending without a date: Document being processed', () => {
    const text = documentStatusText({ ...base, status: 'Pending', expires_at: '2026-03-20T10:00:00Z' }, NOW);
    expect(text).toEqual({ kind: 'being_processed' });
    expect(documentStatusMessage(text)).toBe('Document being processed');
  });
  it('Pending with a date: Last updated {date}', () => {
    const text = documentStatusText({ ...base, status: 'Pending', updated_at: '2026-03-02T10:00:00Z' }, NOW);
    expect(text).toEqual({ kind: 'last_updated', date: '03/02/2026' });
    expect(documentStatusMessage(text)).toBe('Last updated 03/02/2026');
  });
  it('Signed: Last updated {date}, no line without a date', () => {
    const text = documentStatusText({ ...base, status: 'Signed', signed: true, updated_at: '2026-03-03T10:00:00Z' }, NOW);
    expect(documentStatusMessage(text)).toBe('Last updated 03/03/2026');
    const none = documentStatusText({ ...base, status: 'Signed', signed: true }, NOW);
    expect(none).toEqual({ kind: 'none' });
    expect(documentStatusMessage(none)).toBeNull();
  });
});

describe('expiryText (spec §9)', () => {
  it('says 1 day for anything up to a day, rounding up', () => {
    expect(expiryText(iso(NOW + 1), NOW)).toBe('Expires in 1 day');
    expect(expiryText(iso(NOW + HOUR), NOW)).toBe('Expires in 1 day');
    expect(expiryText(iso(NOW + DAY), NOW)).toBe('Expires in 1 day');
  });
  it('says {days} days beyond', () => {
    expect(expiryText(iso(NOW + DAY + 1), NOW)).toBe('Expires in 2 days');
    expect(expiryText(iso(NOW + 14 * DAY), NOW)).toBe('Expires in 14 days');
    expect(daysUntilExpiry(iso(NOW + 30 * DAY - HOUR), NOW)).toBe(30);
  });
  it('is null once the deadline has passed (the deadline instant itself is still open) or without one', () => {
    expect(expiryText(iso(NOW), NOW)).toBe('Expires in 1 day');
    expect(expiryText(iso(NOW - 1), NOW)).toBeNull();
    expect(expiryText(null, NOW)).toBeNull();
  });
});

describe('offerDateLine', () => {
  const updated_at = '2026-03-01T09:00:00Z';
  it('counts down while action is required', () => {
    expect(offerDateLine({ status: 'Extended', expires_at: iso(NOW + 3 * DAY), updated_at }, NOW)).toEqual({
      kind: 'expires_in',
      days: 3,
    });
  });
  it('shows the last change otherwise', () => {
    const lastUpdated = { kind: 'last_updated', date: '03/01/2026' };
    expect(offerDateLine({ status: 'Extended', expires_at: null, updated_at }, NOW)).toEqual(lastUpdated);
    expect(offerDateLine({ status: 'Extended', expires_at: iso(NOW - 1), updated_at }, NOW)).toEqual(lastUpdated);
    expect(offerDateLine({ status: 'Accepted', expires_at: iso(NOW + DAY), updated_at }, NOW)).toEqual(lastUpdated);
  });
});
