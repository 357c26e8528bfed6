import { OFFER_STATUSES, SIGNING_METHODS, type OfferDocumentStatus, type OfferStatus, type SigningMethod } from '@careers/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  refusalMessage,
  transition,
  type OfferAction,
  type OfferDocumentState,
  type OfferState,
  type TransitionRefusal,
} from './offer-state-machine';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const doc = (id: string, status: OfferDocumentStatus, signed = status === 'Signed'): OfferDocumentState => ({ id, status, signed });
const offer = (status: OfferStatus, documents: OfferDocumentState[] = [doc('d1', 'Unsigned')], expiresAt: string | null = iso(NOW + DAY)): OfferState => ({
  status,
  expiresAt,
  documents,
});
const acceptDoc = (documentId: string | null, method: SigningMethod = 'inline'): OfferAction => ({ type: 'accept', method, documentId });
const FINAL: OfferStatus[] = ['Accepted', 'Declined', 'Canceled', 'Expired'];
const WRITES: OfferAction[] = [acceptDoc(null), acceptDoc('d1'), { type: 'decline' }, { type: 'cancel' }, { type: 'esign_reject', documentId: 'd1' }];

describe('accept', () => {
  it('signs the single letter and accepts the offer, by every method', () => {
    const events = { inline: 'accepted', upload: 'uploaded', esign: 'esigned' } as const;
    for (const method of SIGNING_METHODS) {
      for (const documentId of [null, 'd1']) {
        const result = transition(offer('Extended'), acceptDoc(documentId, method), NOW);
        expect(result).toEqual({
          ok: true,
          next: { status: 'Accepted', expiresAt: iso(NOW + DAY), documents: [doc('d1', 'Signed', true)] },
          event: events[method],
          statusBefore: 'Extended',
          statusAfter: 'Accepted',
          documentId: 'd1',
          changed: true,
        });
      }
    }
  });
  it('accepts an offer without documents directly', () => {
    const result = transition(offer('Extended', []), acceptDoc(null), NOW);
    expect(result).toMatchObject({ ok: true, statusAfter: 'Accepted', documentId: null });
  });
  it('accepts an offer with no expiry', () => {
    expect(transition(offer('Extended', undefined, null), acceptDoc('d1'), NOW + 1000 * DAY)).toMatchObject({ ok: true });
  });
  it('keeps a two-document offer Extended until the last document is signed', () => {
    const two = offer('Extended', [doc('d1', 'Unsigned'), doc('d2', 'Unsigned')]);
    const first = transition(two, acceptDoc('d2'), NOW);
    expect(first).toMatchObject({ ok: true, statusAfter: 'Extended', documentId: 'd2', event: 'accepted' });
    if (!first.ok) throw new Error('unreachable');
    const second = transition(first.next, acceptDoc('d1', 'esign'), NOW);
    expect(second).toMatchObject({ ok: true, statusBefore: 'Extended', statusAfter: 'Accepted', documentId: 'd1' });
  });
  it('waits for a Pending document (the seeded Unsigned + Pending offer)', () => {
    const seeded = offer('Extended', [doc('letter', 'Unsigned'), doc('benefits', 'Pending')]);
    expect(transition(seeded, acceptDoc('benefits'), NOW)).toEqual({ ok: false, reason: 'document_pending', statusBefore: 'Extended' });
    const signed = transition(seeded, acceptDoc(null), NOW);
    expect(signed).toMatchObject({ ok: true, statusAfter: 'Extended', documentId: 'letter' });
    if (!signed.ok) throw new Error('unreachable');
    expect(transition(signed.next, acceptDoc(null), NOW)).toMatchObject({ ok: false, reason: 'document_pending' });
    // Once the company releases it, signing it completes the offer.
    const released = { ...signed.next, documents: signed.next.documents.map((d) => (d.id === 'benefits' ? doc('benefits', 'Unsigned') : d)) };
    expect(transition(released, acceptDoc('benefits'), NOW)).toMatchObject({ ok: true, statusAfter: 'Accepted' });
  });
  it('asks for a document id when several documents await a signature', () => {
    const two = offer('Extended', [doc('d1', 'Unsigned'), doc('d2', 'Unsigned')]);
    expect(transition(two, acceptDoc(null), NOW)).toMatchObject({ ok: false, reason: 'document_required' });
  });
  it('refuses a second signature of the same document (double click, two tabs)', () => {
    const two = offer('Extended', [doc('d1', 'Signed'), doc('d2', 'Unsigned')]);
    expect(transition(two, acceptDoc('d1'), NOW)).toMatchObject({ ok: false, reason: 'document_signed' });
    const flagged = offer('Extended', [doc('d1', 'Unsigned', true), doc('d2', 'Unsigned')]);
    expect(transition(flagged, acceptDoc('d1'), NOW)).toMatchObject({ ok: false, reason: 'document_signed' });
    const once = transition(offer('Extended'), acceptDoc('d1'), NOW);
    if (!once.ok) throw new Error('unreachable');
    expect(transition(once.next, acceptDoc('d1'), NOW)).toMatchObject({ ok: false, reason: 'final' });
  });
  it('refuses after the deadline, and at the deadline instant still allows', () => {
    expect(transition(offer('Extended', undefined, iso(NOW - 1)), acceptDoc('d1'), NOW)).toEqual({
      ok: false,
      reason: 'expired',
      statusBefore: 'Extended',
    });
    expect(transition(offer('Extended', undefined, iso(NOW)), acceptDoc('d1'), NOW)).toMatchObject({ ok: true });
  });
});

describe('decline, cancel, e-sign reject, view', () => {
  it('declines an open offer, leaving documents as they were', () => {
    const open = offer('Extended', [doc('d1', 'Signed'), doc('d2', 'Unsigned')]);
    expect(transition(open, { type: 'decline' }, NOW)).toEqual({
      ok: true,
      next: { ...open, status: 'Declined' },
      event: 'declined',
      statusBefore: 'Extended',
      statusAfter: 'Declined',
      documentId: null,
      changed: true,
    });
  });
  it('cancels an open offer (company side)', () => {
    expect(transition(offer('Extended'), { type: 'cancel' }, NOW)).toMatchObject({ ok: true, event: 'canceled', statusAfter: 'Canceled' });
  });
  it('declines the offer on an e-sign reject, recorded as the rejection of that document (issue 8 §6)', () => {
    const open = offer('Extended');
    expect(transition(open, { type: 'esign_reject', documentId: 'd1' }, NOW)).toMatchObject({
      ok: true,
      next: { ...open, status: 'Declined' },
      event: 'esign_rejected',
      statusBefore: 'Extended',
      statusAfter: 'Declined',
      documentId: 'd1',
      changed: true,
    });
    expect(transition(offer('Extended', [doc('d1', 'Signed')]), { type: 'esign_reject', documentId: 'd1' }, NOW)).toMatchObject({
      ok: false,
      reason: 'document_signed',
    });
    expect(transition(offer('Extended', [doc('d1', 'Pending')]), { type: 'esign_reject', documentId: 'd1' }, NOW)).toMatchObject({
      ok: false,
      reason: 'document_pending',
    });
  });
  it('allows viewing in every status, changing nothing', () => {
    for (const status of OFFER_STATUSES) {
      const state = offer(status);
      expect(transition(state, { type: 'view', documentId: 'd1' }, NOW)).toMatchObject({ ok: true, next: state, changed: false, event: 'viewed' });
      expect(transition(state, { type: 'view', documentId: null }, NOW)).toMatchObject({ ok: true, documentId: null });
    }
  });
  it('refuses decline and cancel after the deadline', () => {
    for (const action of [{ type: 'decline' }, { type: 'cancel' }] as const) {
      expect(transition(offer('Extended', undefined, iso(NOW - DAY)), action, NOW)).toMatchObject({ ok: false, reason: 'expired' });
    }
  });
});

describe('expire', () => {
  it('writes Expired down once the deadline has passed', () => {
    expect(transition(offer('Extended', undefined, iso(NOW - 1)), { type: 'expire' }, NOW)).toMatchObject({
      ok: true,
      event: 'expired',
      statusBefore: 'Extended',
      statusAfter: 'Expired',
      documentId: null,
    });
  });
  it('refuses before the deadline or without one', () => {
    expect(transition(offer('Extended'), { type: 'expire' }, NOW)).toMatchObject({ ok: false, reason: 'not_expired' });
    expect(transition(offer('Extended', undefined, null), { type: 'expire' }, NOW)).toMatchObject({ ok: false, reason: 'not_expired' });
  });
});

describe('final statuses', () => {
  it('refuse every write and every expiry, before and after the deadline', () => {
    for (const status of FINAL) {
      for (const expiresAt of [iso(NOW - DAY), iso(NOW + DAY), null]) {
        for (const action of [...WRITES, { type: 'expire' } as const]) {
          expect(transition(offer(status, undefined, expiresAt), action, NOW)).toEqual({ ok: false, reason: 'final', statusBefore: status });
        }
      }
    }
  });
});

describe('not found', () => {
  it('answers a missing offer or a document of another offer the same way', () => {
    expect(transition(null, acceptDoc('d1'), NOW)).toEqual({ ok: false, reason: 'not_found', statusBefore: null });
    for (const status of OFFER_STATUSES) {
      for (const action of [acceptDoc('other'), { type: 'view', documentId: 'other' } as const, { type: 'esign_reject', documentId: 'other' } as const]) {
        expect(transition(offer(status), action, NOW)).toMatchObject({ ok: false, reason: 'not_found' });
      }
    }
  });
});

describe('refusalMessage', () => {
  it('has words for every refusal and final status', () => {
    const reasons: TransitionRefusal[] = ['not_found', 'final', 'expired', 'not_expired', 'document_pending', 'document_signed', 'document_required'];
    for (const reason of reasons) {
      for (const status of [...OFFER_STATUSES, null]) expect(refusalMessage(reason, status).length).toBeGreaterThan(5);
    }
    expect(refusalMessage('final', 'Accepted')).toBe('You have already accepted this offer.');
    expect(refusalMessage('not_found', 'Extended')).toBe('Not found');
  });
});

/**
 * T13: a model test. The model below is written independently of the state machine, from the rules of
 * issue 4, and both run the same random command sequences (≥ 1,000) with a moving clock.
 */
describe('model test (T13)', () => {
  interface Model {
    status: OfferStatus;
    expiresAt: number | null;
    docs: { id: string; state: 'unsigned' | 'pending' | 'signed' }[];
  }
  interface Real {
    state: OfferState;
    now: number;
    steps: number;
  }

  const isOpen = (m: Model, now: number): boolean => m.status === 'Extended' && !(m.expiresAt !== null && m.expiresAt < now);

  /** Checks shared by every command: a final stored status refuses, and the state stays byte for byte. */
  function check(m: Model, r: Real, action: OfferAction, expectOk: boolean, expectReason?: TransitionRefusal): ReturnType<typeof transition> {
    const wasFinal = m.status !== 'Extended';
    const before = structuredClone(r.state);
    const result = transition(r.state, action, r.now);
    expect(result.ok).toBe(expectOk);
    if (!result.ok && expectReason) expect(result.reason).toBe(expectReason);
    if (wasFinal && action.type !== 'view' && expectReason !== 'not_found') {
      expect(result).toMatchObject({ ok: false, reason: 'final' });
    }
    if (result.ok) {
      if (wasFinal) expect(result.next).toEqual(before);
      r.state = result.next;
    } else {
      expect(r.state).toEqual(before);
    }
    r.steps++;
    return result;
  }

  class AdvanceClock implements fc.Command<Model, Real> {
    constructor(readonly ms: number) {}
    check = (): boolean => true;
    run(_m: Model, r: Real): void {
      r.now += this.ms;
    }
    toString = (): string => `advance(${this.ms})`;
  }

  class Accept implements fc.Command<Model, Real> {
    constructor(readonly method: SigningMethod, readonly documentId: string | null) {}
    check = (): boolean => true;
    run(m: Model, r: Real): void {
      const action = acceptDoc(this.documentId, this.method);
      if (this.documentId !== null && !m.docs.some((d) => d.id === this.documentId)) return void check(m, r, action, false, 'not_found');
      if (m.status !== 'Extended') return void check(m, r, action, false, 'final');
      if (!isOpen(m, r.now)) return void check(m, r, action, false, 'expired');
      const outstanding = m.docs.filter((d) => d.state !== 'signed');
      let target: Model['docs'][number] | undefined;
      if (this.documentId !== null) {
        target = m.docs.find((d) => d.id === this.documentId);
        if (target?.state === 'signed') return void check(m, r, action, false, 'document_signed');
        if (target?.state === 'pending') return void check(m, r, action, false, 'document_pending');
      } else if (outstanding.length > 0) {
        const unsigned = outstanding.filter((d) => d.state === 'unsigned');
        if (unsigned.length === 0) return void check(m, r, action, false, 'document_pending');
        if (unsigned.length > 1) return void check(m, r, action, false, 'document_required');
        target = unsigned[0];
      }
      check(m, r, action, true);
      if (target) target.state = 'signed';
      if (m.docs.every((d) => d.state === 'signed')) m.status = 'Accepted';
      expect(r.state.status).toBe(m.status);
    }
    toString = (): string => `accept(${this.method}, ${this.documentId})`;
  }

  class Close implements fc.Command<Model, Real> {
    constructor(readonly type: 'decline' | 'cancel') {}
    check = (): boolean => true;
    run(m: Model, r: Real): void {
      if (m.status !== 'Extended') return void check(m, r, { type: this.type }, false, 'final');
      if (!isOpen(m, r.now)) return void check(m, r, { type: this.type }, false, 'expired');
      check(m, r, { type: this.type }, true);
      m.status = this.type === 'decline' ? 'Declined' : 'Canceled';
      expect(r.state.status).toBe(m.status);
    }
    toString = (): string => this.type;
  }

  class Expire implements fc.Command<Model, Real> {
    check = (): boolean => true;
    run(m: Model, r: Real): void {
      if (m.status !== 'Extended') return void check(m, r, { type: 'expire' }, false, 'final');
      if (isOpen(m, r.now)) return void check(m, r, { type: 'expire' }, false, 'not_expired');
      check(m, r, { type: 'expire' }, true);
      m.status = 'Expired';
    }
    toString = (): string => 'expire';
  }

  class EsignReject implements fc.Command<Model, Real> {
    constructor(readonly documentId: string) {}
    check = (): boolean => true;
    run(m: Model, r: Real): void {
      const action: OfferAction = { type: 'esign_reject', documentId: this.documentId };
      const target = m.docs.find((d) => d.id === this.documentId);
      if (!target) return void check(m, r, action, false, 'not_found');
      if (m.status !== 'Extended') return void check(m, r, action, false, 'final');
      if (!isOpen(m, r.now)) return void check(m, r, action, false, 'expired');
      if (target.state === 'signed') return void check(m, r, action, false, 'document_signed');
      if (target.state === 'pending') return void check(m, r, action, false, 'document_pending');
      check(m, r, action, true);
      // A confirmed rejection on the signing page declines the offer (issue 8 §6).
      m.status = 'Declined';
    }
    toString = (): string => `esign_reject(${this.documentId})`;
  }

  class View implements fc.Command<Model, Real> {
    constructor(readonly documentId: string | null) {}
    check = (): boolean => true;
    run(m: Model, r: Real): void {
      const exists = this.documentId === null || m.docs.some((d) => d.id === this.documentId);
      check(m, r, { type: 'view', documentId: this.documentId }, exists, exists ? undefined : 'not_found');
    }
    toString = (): string => `view(${this.documentId})`;
  }

  const docIds = fc.constantFrom('d0', 'd1', 'd2', 'ghost');
  const commands = [
    fc.integer({ min: 0, max: 3 * DAY }).map((ms) => new AdvanceClock(ms)),
    fc.tuple(fc.constantFrom(...SIGNING_METHODS), fc.option(docIds, { nil: null })).map(([m, d]) => new Accept(m, d)),
    fc.constantFrom('decline' as const, 'cancel' as const).map((t) => new Close(t)),
    fc.constant(new Expire()),
    docIds.map((d) => new EsignReject(d)),
    fc.option(docIds, { nil: null }).map((d) => new View(d)),
  ];
  const initial = fc.record({
    status: fc.constantFrom(...OFFER_STATUSES, 'Extended', 'Extended'),
    expiresIn: fc.option(fc.integer({ min: -2 * DAY, max: 10 * DAY }), { nil: null }),
    docs: fc.array(fc.constantFrom<OfferDocumentStatus>('Unsigned', 'Unsigned', 'Pending', 'Signed'), { maxLength: 3 }),
  });

  it('agrees with the model on ≥ 1,000 random sequences; final states never change', () => {
    let sequences = 0;
    let steps = 0;
    const seen = new Set<OfferStatus>();
    fc.assert(
      fc.property(initial, fc.commands(commands, { maxCommands: 40, size: 'max' }), (init, cmds) => {
        const docs = init.docs.map((status, i) => ({ id: `d${i}`, status }));
        const expiresAt = init.expiresIn === null ? null : NOW + init.expiresIn;
        const model: Model = {
          status: init.status,
          expiresAt,
          docs: docs.map((d) => ({ id: d.id, state: d.status === 'Signed' ? 'signed' : d.status === 'Pending' ? 'pending' : 'unsigned' })),
        };
        const real: Real = {
          state: { status: init.status, expiresAt: expiresAt === null ? null : iso(expiresAt), documents: docs.map((d) => doc(d.id, d.status)) },
          now: NOW,
          steps: 0,
        };
        fc.modelRun(() => ({ model, real }), cmds);
        sequences++;
        steps += real.steps;
        seen.add(real.state.status);
      }),
      { numRuns: 1000 },
    );
    expect(sequences).toBeGreaterThanOrEqual(1000);
    expect(steps).toBeGreaterThan(10_000);
    console.log(`T13 model: ${sequences} sequences, ${steps} transitions checked`);
    expect([...seen].sort()).toEqual([...OFFER_STATUSES].sort());
  });

  it('lets exactly one of an accept ‖ decline pair win, in either order (100 pairs)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIGNING_METHODS), fc.boolean(), fc.option(fc.integer({ min: 0, max: 10 * DAY }), { nil: null }), (method, acceptFirst, expiresIn) => {
        const open = offer('Extended', [doc('d1', 'Unsigned')], expiresIn === null ? null : iso(NOW + expiresIn));
        const pair: OfferAction[] = acceptFirst ? [acceptDoc('d1', method), { type: 'decline' }] : [{ type: 'decline' }, acceptDoc('d1', method)];
        const first = transition(open, pair[0] as OfferAction, NOW);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        const second = transition(first.next, pair[1] as OfferAction, NOW);
        expect(second).toEqual({ ok: false, reason: 'final', statusBefore: first.statusAfter });
      }),
      { numRuns: 100 },
    );
  });
});
