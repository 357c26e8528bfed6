import { describe, expect, it } from 'vitest';
import { TRUSTED_MESSAGE_ORIGINS, isTrustedOrigin, readEsignHeight, readEsignMessage } from './esign-messages';

const expected = { offerId: 'offer-1', documentId: 'doc-esign' };

describe('trusted message origins (spec §9)', () => {
  it('is one list holding the page origin', () => {
    expect(TRUSTED_MESSAGE_ORIGINS).toEqual(['same-origin']);
    expect(isTrustedOrigin('https://careers.acme.example', 'https://careers.acme.example')).toBe(true);
  });

  it('refuses every other origin, including look-alikes', () => {
    const page = 'https://careers.acme.example';
    for (const origin of ['https://evil.example', 'http://careers.acme.example', 'https://careers.acme.example.evil.example', 'null', '']) {
      expect(isTrustedOrigin(origin, page), origin).toBe(false);
    }
  });
});

describe('readEsignMessage', () => {
  it('reads ESIGN and REJECT for this document', () => {
    expect(readEsignMessage({ type: 'ESIGN', ...expected }, expected)?.type).toBe('ESIGN');
    expect(readEsignMessage({ type: 'REJECT', ...expected }, expected)?.type).toBe('REJECT');
  });

  it('ignores anything else', () => {
    const malformed: unknown[] = [
      'ESIGN',
      null,
      { type: 'esign', ...expected },
      { type: 'SIGNED', ...expected },
      { type: 'ESIGN' },
      { type: 'ESIGN', offerId: 'offer-2', documentId: 'doc-esign' },
      { type: 'ESIGN', offerId: 'offer-1', documentId: 'doc-other' },
      JSON.stringify({ type: 'ESIGN', ...expected }),
      [{ type: 'ESIGN', ...expected }],
    ];
    for (const data of malformed) expect(readEsignMessage(data, expected), JSON.stringify(data)).toBeNull();
  });
});

describe('readEsignHeight (issue 8 §6: the frame sized to its content)', () => {
  it('reads a whole height for this document', () => {
    expect(readEsignHeight({ type: 'ESIGN_HEIGHT', ...expected, height: 839 }, expected)).toBe(839);
  });

  it('ignores other documents, other shapes and absurd heights', () => {
    for (const data of [
      { type: 'ESIGN_HEIGHT', offerId: 'offer-2', documentId: 'doc-esign', height: 839 },
      { type: 'ESIGN_HEIGHT', ...expected, height: 0 },
      { type: 'ESIGN_HEIGHT', ...expected, height: 1e9 },
      { type: 'ESIGN_HEIGHT', ...expected, height: 12.5 },
      { type: 'ESIGN_HEIGHT', ...expected, height: '839' },
      { type: 'ESIGN', ...expected },
      null,
    ]) {
      expect(readEsignHeight(data, expected)).toBeNull();
    }
  });
});
