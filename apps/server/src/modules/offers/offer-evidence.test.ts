import { DECLINE_REASON_CODES, OFFER_STATUSES } from '@careers/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import {
  GENESIS_HASH,
  OFFER_EVENT_TYPES,
  eventHash,
  missingEvidence,
  requiredEvidence,
  sealEvent,
  sha256Hex,
  verifyChain,
  type OfferEventFields,
  type OfferEventRow,
} from './offer-evidence';

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const text = fc.string({ unit: 'grapheme', maxLength: 40 });

/** A complete event of any type, with every optional field sometimes filled, in any language. */
const eventFields: fc.Arbitrary<OfferEventFields> = fc.record({
  id: fc.uuid(),
  tenant_id: fc.constantFrom('acme', 'globex'),
  candidate_id: fc.stringMatching(/^c[0-9]{1,6}$/),
  offer_id: fc.stringMatching(/^o[0-9]{1,6}$/),
  document_id: fc.option(fc.stringMatching(/^d[0-9]{1,6}$/), { nil: null }),
  event_type: fc.constantFrom(...OFFER_EVENT_TYPES),
  status_before: fc.constantFrom(...OFFER_STATUSES),
  status_after: fc.constantFrom(...OFFER_STATUSES),
  occurred_at: fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
  ip: fc.option(fc.oneof(fc.ipV4(), fc.ipV6()), { nil: null }),
  user_agent: fc.option(text, { nil: null }),
  session_hash: fc.option(hex64, { nil: null }),
  consent_version: fc.option(fc.constantFrom('esign-consent-v1', 'esign-consent-v2'), { nil: null }),
  consent_sha256: fc.option(hex64, { nil: null }),
  typed_signature: fc.option(fc.constantFrom('Ada Lovelace', 'Łukasz Żółć', '山田太郎', 'Zoë "Z" O\'Brien'), { nil: null }),
  shown_document_sha256: fc.option(hex64, { nil: null }),
  result_document_sha256: fc.option(hex64, { nil: null }),
  decline_reason_code: fc.option(fc.constantFrom(...DECLINE_REASON_CODES), { nil: null }),
  decline_reason_text: fc.option(text, { nil: null }),
});

function chainOf(fields: readonly OfferEventFields[]): OfferEventRow[] {
  const rows: OfferEventRow[] = [];
  let previous = GENESIS_HASH;
  for (const f of fields) {
    const row = sealEvent(f, previous);
    rows.push(row);
    previous = row.hash;
  }
  return rows;
}

const FIELDS: (keyof OfferEventRow)[] = [
  'id', 'previous_hash', 'hash', 'tenant_id', 'candidate_id', 'offer_id', 'document_id', 'event_type', 'status_before',
  'status_after', 'occurred_at', 'ip', 'user_agent', 'session_hash', 'consent_version', 'consent_sha256', 'typed_signature',
  'shown_document_sha256', 'result_document_sha256', 'decline_reason_code', 'decline_reason_text',
];

/**
 * Flips one byte of a stored value, as an edit in the database would: a string's UTF-8 bytes, a number's
 * 64-bit integer bytes; a NULL becomes a one-byte value.
 */
function flipOneByte(value: unknown, byteIndex: number, mask: number): unknown {
  if (value === null) return String.fromCharCode(0x20 + (mask % 0x5f));
  if (typeof value === 'number') {
    const bits = BigInt(value) ^ (BigInt(mask) << BigInt(8 * (byteIndex % 6)));
    return Number(bits);
  }
  const bytes = new TextEncoder().encode(String(value));
  if (bytes.length === 0) return String.fromCharCode(mask % 0x80 || 1);
  bytes[byteIndex % bytes.length]! ^= mask;
  return new TextDecoder().decode(bytes);
}

describe('eventHash', () => {
  const base = fc.sample(eventFields, { numRuns: 1, seed: 7 })[0] as OfferEventFields;
  it('is the SHA-256 of the canonical row without its own hash, then the previous hash', () => {
    const row = sealEvent(base, 'a'.repeat(64));
    const { hash: _h, ...covered } = row;
    expect(row.hash).toBe(sha256Hex(canonicalJson(covered) + 'a'.repeat(64)));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.previous_hash).toBe('a'.repeat(64));
    expect(eventHash(row, row.previous_hash)).toBe(row.hash);
  });
  it('does not depend on key order, and changes with the previous hash', () => {
    const reversed = Object.fromEntries(Object.entries({ ...base, previous_hash: GENESIS_HASH }).reverse()) as typeof base & { previous_hash: string };
    expect(eventHash(reversed, GENESIS_HASH)).toBe(sealEvent(base, GENESIS_HASH).hash);
    expect(sealEvent(base, GENESIS_HASH).hash).not.toBe(sealEvent(base, 'f'.repeat(64)).hash);
  });
});

describe('verifyChain', () => {
  it('accepts an empty chain and a chain continued from a verified segment', () => {
    expect(verifyChain([])).toEqual({ ok: true, lastHash: GENESIS_HASH });
    const rows = chainOf(fc.sample(eventFields, { numRuns: 10, seed: 3 }));
    const head = verifyChain(rows.slice(0, 4));
    expect(head.ok).toBe(true);
    if (head.ok) expect(verifyChain(rows.slice(4), head.lastHash)).toEqual({ ok: true, lastHash: rows[9]?.hash });
  });
  it('detects a deleted, inserted or reordered row', () => {
    const rows = chainOf(fc.sample(eventFields, { numRuns: 10, seed: 4 }));
    expect(verifyChain([...rows.slice(0, 3), ...rows.slice(4)])).toEqual({ ok: false, brokenAt: 3, reason: 'previous_hash' });
    const forged = sealEvent(fc.sample(eventFields, { numRuns: 1, seed: 5 })[0] as OfferEventFields, rows[2]!.hash);
    expect(verifyChain([...rows.slice(0, 3), forged, ...rows.slice(3)])).toEqual({ ok: false, brokenAt: 4, reason: 'previous_hash' });
    expect(verifyChain([rows[1]!, rows[0]!, ...rows.slice(2)])).toEqual({ ok: false, brokenAt: 0, reason: 'previous_hash' });
  });
  it('detects a row rewritten with a recomputed own hash', () => {
    const rows = chainOf(fc.sample(eventFields, { numRuns: 6, seed: 6 }));
    const edited = { ...rows[2]!, typed_signature: 'Mallory' };
    edited.hash = eventHash(edited, edited.previous_hash);
    expect(verifyChain([...rows.slice(0, 2), edited, ...rows.slice(3)])).toEqual({ ok: false, brokenAt: 3, reason: 'previous_hash' });
  });

  it('T14: 500 chained events; 500 one-byte flips in stored events, 500/500 detected', () => {
    const rows = chainOf(fc.sample(eventFields, { numRuns: 500, seed: 14 }));
    expect(rows).toHaveLength(500);
    expect(verifyChain(rows)).toEqual({ ok: true, lastHash: rows[499]?.hash });

    const flips = fc.sample(
      fc.record({
        rowIndex: fc.integer({ min: 0, max: 499 }),
        field: fc.constantFrom(...FIELDS),
        byteIndex: fc.nat(),
        mask: fc.integer({ min: 1, max: 255 }),
      }),
      { numRuns: 500, seed: 1414 },
    );
    let detected = 0;
    for (const { rowIndex, field, byteIndex, mask } of flips) {
      const original = rows[rowIndex]!;
      const tampered = { ...original, [field]: flipOneByte(original[field], byteIndex, mask) } as OfferEventRow;
      expect(tampered[field]).not.toEqual(original[field]);
      const copy = rows.slice();
      copy[rowIndex] = tampered;
      const result = verifyChain(copy);
      if (!result.ok && result.brokenAt === rowIndex) detected++;
    }
    expect(detected).toBe(500);
    // Every field was hit, so no column escapes the hash.
    expect(new Set(flips.map((f) => f.field)).size).toBe(FIELDS.length);
  });
});

describe('evidence completeness', () => {
  const complete = (fields: Partial<OfferEventFields>): OfferEventRow =>
    sealEvent(
      {
        id: 'e1', tenant_id: 't', candidate_id: 'c', offer_id: 'o', document_id: 'd', event_type: 'esigned',
        status_before: 'Extended', status_after: 'Accepted', occurred_at: 1, ip: '203.0.113.7', user_agent: 'UA',
        session_hash: 'a'.repeat(64), consent_version: 'v1', consent_sha256: 'b'.repeat(64), typed_signature: 'Ada Lovelace',
        shown_document_sha256: 'c'.repeat(64), result_document_sha256: 'd'.repeat(64), decline_reason_code: null,
        decline_reason_text: null, ...fields,
      },
      GENESIS_HASH,
    );
  it('finds nothing missing on a complete signature', () => {
    expect(missingEvidence(complete({}))).toEqual([]);
  });
  it('names what a signature lacks', () => {
    expect(missingEvidence(complete({ typed_signature: ' ', consent_sha256: null, ip: null }))).toEqual(['ip', 'consent_sha256', 'typed_signature']);
  });
  it('asks each event type for its own proof', () => {
    expect(requiredEvidence({ event_type: 'uploaded', document_id: 'd' })).toEqual(['ip', 'user_agent', 'session_hash', 'shown_document_sha256', 'result_document_sha256']);
    expect(requiredEvidence({ event_type: 'accepted', document_id: null })).toEqual(['ip', 'user_agent', 'session_hash', 'consent_version', 'consent_sha256', 'typed_signature']);
    expect(requiredEvidence({ event_type: 'viewed', document_id: 'd' })).toContain('shown_document_sha256');
    expect(requiredEvidence({ event_type: 'esign_rejected', document_id: 'd' })).toContain('document_id');
    expect(requiredEvidence({ event_type: 'declined', document_id: null })).toEqual(['ip', 'user_agent', 'session_hash']);
    expect(requiredEvidence({ event_type: 'expired', document_id: null })).toEqual([]);
    expect(requiredEvidence({ event_type: 'canceled', document_id: null })).toEqual([]);
    // A decline reason is optional: declining is never blocked by it (issue 4).
    expect(missingEvidence(complete({ event_type: 'declined', status_after: 'Declined', decline_reason_code: null }))).toEqual([]);
  });
});
