import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  DOCUMENT_UPLOAD_FIELD,
  ESIGN_TOKEN_TTL_MS,
  EsignStatusResponseSchema,
  OFFER_UPLOAD_FIELD,
  OfferActionResponseSchema,
  OfferDetailResponseSchema,
  OffersListResponseSchema,
  offerApiPaths,
  type DeclineReasonCode,
  type Offer,
  type OfferStatus,
  type SigningMethod,
} from '@careers/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { NEW_PASSWORD, TestClient, createTestApp, manualClock, seedForTests, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import type { OfferEventType } from './offer-evidence';
import { createOffersRepository, offersTransaction, type OfferScope, type OffersRepository } from './offers.repository';
import { createOffersService, type OffersService } from './offers.service';
import { isFullRun, runCount } from '../../test/run-counts';
import { TEST_UA, insertTestOffer, multipart, signedIn, smallPdf } from './offers.test-support';

/**
 * T13 through the system: a small model of an offer, written from spec §4 "Offers", §7 and issue 4's state
 * machine (not from the server's code), predicts the HTTP status of every command, and after every command
 * the GET answer of the OTHER session, the stored status and the evidence chain must be what the model says.
 *
 * - Two signed-in sessions of one candidate (two tabs, two devices) issue the commands, interleaved: read
 *   (GET list / detail), the viewed record, inline accept (typed signature, offer-level or by document id),
 *   upload of a signed PDF, the e-sign round (mint a link, sign or reject in the hosted page, then the letter
 *   page's follow-up: empty accept + esign_status together), decline with and without a reason, races of two
 *   writes sent at once (the answers must be those of one of the two orders), and two commands with no
 *   candidate route:
 *   - expire: the app's clock (a manual clock) is moved to the offer's expires_at, or 1 ms past it;
 *   - cancel: the company withdraws the offer. Companies have no HTTP route in this product; a company action
 *     is `OffersService.cancel` over the app's database and clock, the same call the demo seed makes for its
 *     Canceled offer, so that is what this test calls.
 * - A final status, once a GET has shown it, never changes; a signed document never becomes unsigned.
 * - Each sequence starts from a fresh offer (1 or 2 documents, or none; Unsigned or Pending; inline, e-sign
 *   or upload mode; an expiry 1 s–15 min away, or none) of a candidate shared by 20 sequences.
 * - A typed signature stamps a PDF (~100 ms, fonts embedded); most sequences get no budget for it (commands
 *   that would stamp are skipped by `check`), a few get one or two, so 1,000 sequences fit in the time.
 * - The fast-check seed is random; a failure prints it, and T13_SEED=<seed> replays that run (printed too).
 *
 * Found this way: two offer-level accepts racing on an offer with a Pending document answered the loser
 * "already signed" where the same request sent alone says "still being processed" (fixed in the service:
 * the transaction now decides on the request as sent).
 */

/**
 * QUALITY.md T13: ≥ 1,000 random sequences, on SQLite and on PostgreSQL alike (its row locks are what the races
 * there exercise). Measured on a loaded 2-core machine: ~50 s on SQLite, ~185 s on PostgreSQL (hence the 8-minute cap).
 */
const RUNS = { sqlite: runCount(1000, 150), postgres: runCount(1000, 150) } as const;
const SEQUENCES_PER_CANDIDATE = 20;
const FULL_NAME = { firstName: 'Model', lastName: 'Tester' };
const SIGNATURE = `${FULL_NAME.firstName} ${FULL_NAME.lastName}`;

// The server's words the model expects (spec §8: the web shows the server message).
const WORDS = {
  Accepted: 'You have already accepted this offer.',
  Declined: 'You have already declined this offer.',
  Canceled: 'This offer has been withdrawn.',
  Expired: 'This offer has expired and can no longer be accepted or declined.',
  documentSigned: 'This document has already been signed.',
  documentPending: 'This document is still being processed. Please try again later.',
  severalDocuments: 'This offer has several documents; sign each one from its own page.',
  noDocumentToUpload: 'This offer has no document to upload a signed copy for.',
  notEsign: 'This document is not signed on the e-signature page.',
  notSignedYet: 'This document has not been signed yet.',
  linkNotValid: 'This signing link has expired or was already used. Close it and open the offer letter again.',
  notFound: 'Not found',
} as const;

type Tab = 0 | 1;
const otherTab = (tab: Tab): Tab => (tab === 0 ? 1 : 0);
/**
 * What a command names: the offer itself, its n-th document (modulo the documents it has; an offer without
 * documents gets an unknown id), or an unknown document id.
 */
type Target = 'offer' | 0 | 1 | 'ghost';
type FinalStatus = Exclude<OfferStatus, 'Extended'>;

interface ModelDoc {
  mode: SigningMethod;
  state: 'unsigned' | 'pending' | 'signed';
  /** The last decision taken on the hosted page. */
  decision: 'signed' | 'rejected' | null;
}
interface ModelLink {
  tab: Tab;
  doc: number;
  expiresAt: number;
  used: boolean;
}
interface ModelEvent {
  type: OfferEventType;
  doc: number | null;
  reason?: { code: string | null; text: string | null };
}
interface Model {
  /** As stored; the effective status is derived (spec §4: past expires_at shows Expired). */
  stored: OfferStatus;
  expiresAt: number | null;
  now: number;
  docs: ModelDoc[];
  links: ModelLink[];
  events: ModelEvent[];
  /** `${tab}:${doc}` pairs whose view is already recorded (one per document and sitting). */
  viewed: string[];
  /** Typed signatures this sequence may still stamp. */
  stampsLeft: number;
}

interface Real {
  tabs: readonly [TestClient, TestClient];
  offerId: string;
  docIds: string[];
  /** Raw link tokens, in the order the model's links were minted. */
  tokens: string[];
  finalSeen: OfferStatus | null;
  signedSeen: Set<string>;
}

interface Answer {
  status: number;
  message?: string;
  body: unknown;
  /** The esign_status answer sent together with the letter page's empty accept. */
  companion?: Answer;
}

interface Prediction {
  status: number;
  /** The server's message, where the model knows its words. */
  message?: string;
  /** Typed signatures stamped on the way (the slow part). */
  stamps: number;
  apply(m: Model): void;
  /** Further checks of the answer against the model after `apply`. */
  verify?(answer: Answer, m: Model, r: Real): void;
}

const noChange = (): void => {};
const predict = (status: number, message?: string, apply: (m: Model) => void = noChange, stamps = 0): Prediction => ({ status, message, stamps, apply });

const effective = (m: Model): OfferStatus =>
  m.stored === 'Extended' && m.expiresAt !== null && m.now > m.expiresAt ? 'Expired' : m.stored;

const writeDownExpiry = (m: Model): void => {
  m.stored = 'Expired';
  m.events.push({ type: 'expired', doc: null });
};

/** An offer nothing may change any more: 409 with the words for it; a write also records the expiry it found. */
function refusedAsClosed(m: Model, recordsExpiry: boolean): Prediction | null {
  if (m.stored !== 'Extended') return predict(409, WORDS[m.stored as FinalStatus]);
  if (effective(m) === 'Expired') return predict(409, WORDS.Expired, recordsExpiry ? writeDownExpiry : noChange);
  return null;
}

const docIndex = (m: Model, target: Target): number | null =>
  typeof target === 'number' && m.docs.length > 0 ? target % m.docs.length : null;

/** The document an accept signs: by id, or at offer level the one letter awaiting a signature. */
function signingTarget(m: Model, target: Target): { doc: number | null } | Prediction {
  const index = docIndex(m, target);
  if (index !== null) {
    const doc = m.docs[index] as ModelDoc;
    if (doc.state === 'signed') return predict(409, WORDS.documentSigned);
    if (doc.state === 'pending') return predict(409, WORDS.documentPending);
    return { doc: index };
  }
  const outstanding = m.docs.flatMap((doc, index) => (doc.state === 'signed' ? [] : [{ doc, index }]));
  if (outstanding.length === 0) return { doc: null };
  const unsigned = outstanding.filter(({ doc }) => doc.state === 'unsigned');
  if (unsigned.length === 0) return predict(409, WORDS.documentPending);
  if (unsigned.length > 1) return predict(409, WORDS.severalDocuments);
  return { doc: (unsigned[0] as { index: number }).index };
}

function sign(m: Model, doc: number | null, event: OfferEventType): void {
  if (doc !== null) (m.docs[doc] as ModelDoc).state = 'signed';
  m.events.push({ type: event, doc });
  if (m.docs.every((d) => d.state === 'signed')) m.stored = 'Accepted';
}

/** The offer as the model says a GET shows it (the list leaves the bytes out). */
function expectedOffer(m: Model, r: Real, withBytes: boolean) {
  return {
    id: r.offerId,
    status: effective(m),
    expires_at: m.expiresAt === null ? null : new Date(m.expiresAt).toISOString(),
    documents: m.docs.map((doc, index) => ({
      id: r.docIds[index],
      status: doc.state === 'signed' ? 'Signed' : doc.state === 'pending' ? 'Pending' : 'Unsigned',
      signed: doc.state === 'signed',
      esign: doc.mode === 'esign',
      mode: doc.mode,
      // A Pending document has no file yet; every other one shows its original or its signed copy.
      file: doc.state !== 'pending',
      ...(withBytes ? { bytes: doc.state !== 'pending' } : {}),
      receipt: doc.state === 'signed',
    })),
  };
}

function observedOffer(offer: Offer, withBytes: boolean) {
  return {
    id: offer.id,
    status: offer.status,
    expires_at: offer.expires_at,
    documents: offer.offer_documents.map((doc) => ({
      id: doc.id,
      status: doc.status,
      signed: doc.signed,
      esign: doc.url !== null,
      mode: doc.signing_mode,
      file: doc.s3_path !== null,
      ...(withBytes ? { bytes: typeof doc.b64_string === 'string' && doc.b64_string.length > 0 } : {}),
      receipt: typeof doc.receipt_path === 'string',
    })),
  };
}

const expectedEvents = (m: Model) => m.events.map((event) => ({ type: event.type, doc: event.doc, ...(event.reason ? { reason: event.reason } : {}) }));

function expectedSnapshot(m: Model, r: Real) {
  return { offer: expectedOffer(m, r, true), stored: m.stored, events: expectedEvents(m) };
}

forEachDatabase(
  'offer model vs system (T13): 1,000 sequences on each database in full runs, two sessions',
  (context) => {
    let app: FastifyInstance;
    let repository: OffersRepository;
    /** The company side (see the file comment). */
    let company: OffersService;
    let letter: Uint8Array;
    let signedCopy: Uint8Array;
    const clock = manualClock();
    let candidate: { email: string; scope: OfferScope; tabs: readonly [TestClient, TestClient]; sequences: number } | undefined;

    const stats = {
      sequences: 0,
      commands: new Map<string, number>(),
      outcomes: new Map<string, number>(),
      finals: new Map<string, number>(),
      stamps: 0,
      races: 0,
    };
    const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

    beforeAll(async () => {
      await seedForTests(context());
      ({ app } = await createTestApp(context(), { clock }));
      const { db } = context().database;
      repository = createOffersRepository(db, context().dialect);
      company = createOffersService({
        repository,
        transaction: offersTransaction(context().database),
        clock,
      });
      letter = await smallPdf(0);
      signedCopy = await smallPdf(1);
    });
    afterAll(() => app.close());

    /** A new candidate every few sequences keeps their offers list short; both sessions sign in. */
    async function currentCandidate() {
      if (candidate && candidate.sequences < SEQUENCES_PER_CANDIDATE) return candidate;
      const email = uniqueEmail('t13');
      const tab0 = new TestClient(app);
      const created = await tab0.signup({ email, password: NEW_PASSWORD, ...FULL_NAME });
      if (created.statusCode !== 201) throw new Error(`signup failed: ${created.statusCode} ${created.body}`);
      const tab1 = await signedIn(app, { email, password: NEW_PASSWORD }, '198.51.100.7');
      const row = await context()
        .database.db.selectFrom('candidates')
        .select(['id', 'tenantId'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      candidate = { email, scope: { tenantId: row.tenantId, candidateId: row.id }, tabs: [tab0, tab1], sequences: 0 };
      return candidate;
    }

    const docId = (r: Real, target: Target): string =>
      typeof target === 'number' && r.docIds.length > 0 ? (r.docIds[target % r.docIds.length] as string) : `doc-unknown-${String(target)}`;

    async function send(client: TestClient, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
      const response = await client.request({ method, url, payload: body as never, headers: { 'user-agent': TEST_UA, ...headers } });
      const parsed: unknown = response.body.length > 0 && String(response.headers['content-type']).includes('json') ? response.json() : null;
      const error = (parsed as { error?: { message?: string } } | null)?.error;
      return { status: response.statusCode, message: error?.message, body: parsed };
    }

    const sendMultipart = (client: TestClient, url: string, parts: Parameters<typeof multipart>[0]) => {
      const form = multipart(parts);
      return send(client, 'POST', url, form.payload, form.headers);
    };

    // ---- Commands: each predicts from the model alone, then sends. ----

    interface Action {
      readonly label: string;
      /** The session whose GET checks the result: the other one, when a session acted. */
      readonly observer: Tab;
      predict(m: Model): Prediction;
      send(r: Real): Promise<Answer>;
    }

    class Read implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        readonly what: 'list' | 'detail',
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: GET ${what}`;
      }
      predict(): Prediction {
        return {
          ...predict(200),
          verify: (answer, m, r) => {
            const offers = this.what === 'list' ? OffersListResponseSchema.parse(answer.body).offers : [OfferDetailResponseSchema.parse(answer.body).offer];
            const offer = offers.find((o) => o.id === r.offerId);
            expect(offer, this.label).toBeDefined();
            expect(observedOffer(offer as Offer, this.what === 'detail'), this.label).toEqual(expectedOffer(m, r, this.what === 'detail'));
          },
        };
      }
      send(r: Real) {
        return send(r.tabs[this.tab], 'GET', this.what === 'list' ? offerApiPaths.list() : offerApiPaths.detail(r.offerId));
      }
    }

    /** The letter page reports what it showed (evidence; once per document and sitting). */
    class Viewed implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        readonly target: Target,
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: viewed ${String(target)}`;
      }
      predict(m: Model): Prediction {
        const doc = docIndex(m, this.target);
        if (this.target !== 'offer' && doc === null) return predict(404, WORDS.notFound);
        // Nothing is shown of a Pending document, so nothing is recorded.
        if (doc !== null && (m.docs[doc] as ModelDoc).state === 'pending') return predict(204);
        const key = `${this.tab}:${doc ?? 'offer'}`;
        if (m.viewed.includes(key)) return predict(204);
        return predict(204, undefined, (model) => {
          model.viewed.push(key);
          model.events.push({ type: 'viewed', doc });
        });
      }
      send(r: Real) {
        return send(r.tabs[this.tab], 'POST', offerApiPaths.viewed(r.offerId), { document_id: this.target === 'offer' ? null : docId(r, this.target) });
      }
    }

    /** Accept with a typed signature (spec §2 (a)) or by uploading the signed PDF (§2 (b)). */
    class Sign implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        readonly target: Target,
        readonly method: 'inline' | 'upload',
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: ${method} accept ${String(target)}`;
      }
      predict(m: Model): Prediction {
        if (this.target !== 'offer' && docIndex(m, this.target) === null) return predict(404, WORDS.notFound);
        const closed = refusedAsClosed(m, true);
        if (closed) return closed;
        const target = signingTarget(m, this.target);
        if ('status' in target) return target;
        if (this.method === 'upload' && target.doc === null) return predict(409, WORDS.noDocumentToUpload);
        const stamps = this.method === 'inline' && target.doc !== null ? 1 : 0;
        return {
          ...predict(200, undefined, (model) => sign(model, target.doc, this.method === 'inline' ? 'accepted' : 'uploaded'), stamps),
          verify: (answer, model) => {
            const action = OfferActionResponseSchema.parse(answer.body);
            expect(action.offer.status, this.label).toBe(effective(model));
            expect(action.receipt?.method ?? null, this.label).toBe(target.doc === null ? null : this.method);
          },
        };
      }
      send(r: Real) {
        const url = this.target === 'offer' ? offerApiPaths.accept(r.offerId) : offerApiPaths.documentAccept(r.offerId, docId(r, this.target));
        if (this.method === 'inline') {
          return sendMultipart(r.tabs[this.tab], url, [
            { name: 'agreed', value: 'true' },
            { name: 'signature', value: SIGNATURE },
          ]);
        }
        const field = this.target === 'offer' ? OFFER_UPLOAD_FIELD : DOCUMENT_UPLOAD_FIELD;
        return sendMultipart(r.tabs[this.tab], url, [{ name: field, filename: 'signed.pdf', content: signedCopy }]);
      }
    }

    /** The letter page asks for a hosted signing link (spec §2 (c)). */
    class Mint implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        readonly target: Target,
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: e-sign link for ${String(target)}`;
      }
      predict(m: Model): Prediction {
        const index = docIndex(m, this.target);
        if (index === null) return predict(404, WORDS.notFound);
        const doc = m.docs[index] as ModelDoc;
        if (doc.mode !== 'esign') return predict(409, WORDS.notEsign);
        // Refused like an accept, but a link request records nothing, not even an expiry.
        const closed = refusedAsClosed(m, false);
        if (closed) return closed;
        if (doc.state === 'signed') return predict(409, WORDS.documentSigned);
        if (doc.state === 'pending') return predict(409, WORDS.documentPending);
        return predict(200, undefined, (model) => {
          model.links.push({ tab: this.tab, doc: index, expiresAt: model.now + ESIGN_TOKEN_TTL_MS, used: false });
        });
      }
      async send(r: Real) {
        const answer = await send(r.tabs[this.tab], 'POST', offerApiPaths.esignToken(r.offerId, docId(r, this.target)));
        if (answer.status === 200) {
          const url = (answer.body as { url: string }).url;
          r.tokens.push(new URL(url, 'http://localhost').searchParams.get('token') as string);
        }
        return answer;
      }
    }

    /** Sign or Reject on the hosted page, through one of the links minted so far (or an unknown one). */
    class Decide implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        /** Which link minted so far: the latest, or the n-th (modulo). */
        readonly link: number | 'latest',
        readonly decision: 'sign' | 'reject',
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: e-sign ${decision} via ${link === 'latest' ? 'the latest link' : `link #${link}`}`;
      }
      /** Without any link, only one variant in four is tried (an unknown token); the rest wait for a link. */
      check = (m: Readonly<Model>): boolean => m.links.length > 0 || this.link === 0;
      private linkIndex(count: number): number | null {
        if (count === 0) return null;
        return this.link === 'latest' ? count - 1 : this.link % count;
      }
      predict(m: Model): Prediction {
        const index = this.linkIndex(m.links.length);
        const link = index === null ? null : (m.links[index] as ModelLink);
        // A link works in the session that minted it, once, for ten minutes (issue 4).
        if (link === null || link.tab !== this.tab || link.used || link.expiresAt <= m.now) return predict(404, WORDS.linkNotValid);
        const closed = refusedAsClosed(m, true);
        if (closed) return closed;
        if ((m.docs[link.doc] as ModelDoc).state === 'signed') return predict(409, WORDS.documentSigned);
        const spend = (model: Model) => {
          (model.links[index as number] as ModelLink).used = true;
          (model.docs[link.doc] as ModelDoc).decision = this.decision === 'sign' ? 'signed' : 'rejected';
        };
        if (this.decision === 'reject') {
          return predict(200, undefined, (model) => {
            spend(model);
            // The rejection declines the offer in the same transaction (issue 8 §6).
            model.stored = 'Declined';
            model.events.push({ type: 'esign_rejected', doc: link.doc });
          });
        }
        return predict(
          200,
          undefined,
          (model) => {
            spend(model);
            sign(model, link.doc, 'esigned');
          },
          1,
        );
      }
      send(r: Real) {
        const index = this.linkIndex(r.tokens.length);
        const token = index === null ? randomBytes(32).toString('base64url') : (r.tokens[index] as string);
        const body = this.decision === 'sign' ? { agreed: true, signature: SIGNATURE } : {};
        return send(r.tabs[this.tab], 'POST', `/api/esign/${this.decision}?token=${encodeURIComponent(token)}`, body);
      }
    }

    /**
     * The letter page after the frame said ESIGN: the empty accept (spec §4) and esign_status, together (§7).
     * The page also claims "signed"; the server must answer its own record.
     */
    class Confirm implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        readonly target: Target,
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: e-sign confirm ${String(target)}`;
      }
      predict(m: Model): Prediction {
        const index = docIndex(m, this.target);
        if (index === null) return { ...predict(404, WORDS.notFound), verify: (answer) => expect(answer.companion?.status, this.label).toBe(404) };
        const doc = m.docs[index] as ModelDoc;
        const verify = (answer: Answer, model: Model) => {
          expect(answer.companion?.status, this.label).toBe(200);
          const status = EsignStatusResponseSchema.parse(answer.companion?.body);
          const now = model.docs[index] as ModelDoc;
          expect(
            { status: status.status, signed: status.signed, decision: status.esign_decision, offer: status.offer.status },
            this.label,
          ).toEqual({
            status: now.state === 'signed' ? 'Signed' : now.state === 'pending' ? 'Pending' : 'Unsigned',
            signed: now.state === 'signed',
            decision: now.decision,
            offer: effective(model),
          });
        };
        // Not an e-sign document: an empty accept is an upload without a file, whatever the offer's status.
        if (doc.mode !== 'esign') return { ...predict(400), verify };
        if (doc.state === 'signed') return { ...predict(200), verify };
        const closed = refusedAsClosed(m, false);
        if (closed) return { ...closed, verify };
        return { ...predict(409, doc.state === 'pending' ? WORDS.documentPending : WORDS.notSignedYet), verify };
      }
      async send(r: Real) {
        const id = docId(r, this.target);
        const form = multipart([]);
        const [accept, status] = await Promise.all([
          send(r.tabs[this.tab], 'POST', offerApiPaths.documentAccept(r.offerId, id), form.payload, form.headers),
          send(r.tabs[this.tab], 'POST', offerApiPaths.esignStatus(r.offerId, id), { status: 'signed' }),
        ]);
        return { ...accept, companion: status };
      }
    }

    type DeclineBody = { reason_code?: DeclineReasonCode; reason_text?: string };
    class Decline implements Action {
      readonly observer: Tab;
      readonly label: string;
      constructor(
        readonly tab: Tab,
        readonly body: DeclineBody,
      ) {
        this.observer = otherTab(tab);
        this.label = `tab${tab}: decline ${JSON.stringify(body)}`;
      }
      predict(m: Model): Prediction {
        const closed = refusedAsClosed(m, true);
        if (closed) return closed;
        const text = this.body.reason_text?.trim() || null;
        return {
          ...predict(200, undefined, (model) => {
            model.stored = 'Declined';
            model.events.push({ type: 'declined', doc: null, reason: { code: this.body.reason_code ?? null, text } });
          }),
          verify: (answer) => expect(OfferActionResponseSchema.parse(answer.body).offer.status, this.label).toBe('Declined'),
        };
      }
      send(r: Real) {
        return send(r.tabs[this.tab], 'POST', offerApiPaths.decline(r.offerId), this.body);
      }
    }

    /** The company withdraws the offer (no candidate route; see the file comment). */
    class Cancel implements Action {
      readonly observer: Tab = 0;
      readonly label = 'company: cancel';
      predict(m: Model): Prediction {
        return refusedAsClosed(m, true) ?? predict(200, undefined, (model) => {
          model.stored = 'Canceled';
          model.events.push({ type: 'canceled', doc: null });
        });
      }
      async send(r: Real): Promise<Answer> {
        try {
          const result = await company.cancel((candidate as { scope: OfferScope }).scope, r.offerId);
          return { status: 200, body: result };
        } catch (error) {
          if (error instanceof AppError) return { status: error.statusCode, message: error.message, body: null };
          throw error;
        }
      }
    }

    // ---- Checks after every command. ----

    async function observe(r: Real, tab: Tab) {
      const response = await r.tabs[tab].request({ method: 'GET', url: offerApiPaths.detail(r.offerId) });
      expect(response.statusCode, `GET detail from tab${tab}`).toBe(200);
      const { offer } = OfferDetailResponseSchema.parse(response.json());
      const row = await context().database.db.selectFrom('offers').select('status').where('id', '=', r.offerId).executeTakeFirstOrThrow();
      const events = (await repository.listEvents(r.offerId)).map(({ event }) => ({
        type: event.event_type,
        doc: event.document_id === null ? null : r.docIds.includes(event.document_id) ? r.docIds.indexOf(event.document_id) : event.document_id,
        ...(event.event_type === 'declined' ? { reason: { code: event.decline_reason_code, text: event.decline_reason_text } } : {}),
      }));
      return { offer: observedOffer(offer, true), stored: row.status, events };
    }

    /** Final stays final; signed stays signed (whatever the model says). */
    function holdsInvariants(observed: Awaited<ReturnType<typeof observe>>, r: Real, label: string) {
      if (r.finalSeen !== null) expect(observed.offer.status, `${label}: a final status changed`).toBe(r.finalSeen);
      if (observed.offer.status !== 'Extended') r.finalSeen = observed.offer.status;
      for (const doc of observed.offer.documents) {
        if (r.signedSeen.has(doc.id)) expect(doc.status, `${label}: a signed document changed`).toBe('Signed');
        if (doc.signed) r.signedSeen.add(doc.id);
      }
    }

    async function agree(m: Model, r: Real, tab: Tab, label: string) {
      const observed = await observe(r, tab);
      expect(observed, `after ${label}`).toEqual(expectedSnapshot(m, r));
      holdsInvariants(observed, r, label);
    }

    function expectAnswer(answer: Answer, predicted: Prediction, label: string) {
      expect(
        { status: answer.status, message: predicted.message === undefined ? undefined : answer.message },
        `${label}: ${JSON.stringify(answer.body)}`,
      ).toEqual({ status: predicted.status, message: predicted.message });
    }

    class Step implements fc.AsyncCommand<Model, Real> {
      constructor(readonly action: Action & { check?(m: Readonly<Model>): boolean }) {}
      check(m: Readonly<Model>): boolean {
        return (this.action.check?.(m) ?? true) && this.action.predict(m as Model).stamps <= m.stampsLeft;
      }
      async run(m: Model, r: Real): Promise<void> {
        const predicted = this.action.predict(m);
        const answer = await this.action.send(r);
        count(stats.commands, this.action.constructor.name);
        count(stats.outcomes, `${this.action.constructor.name} ${answer.status}`);
        expectAnswer(answer, predicted, this.action.label);
        predicted.apply(m);
        m.stampsLeft -= predicted.stamps;
        stats.stamps += predicted.stamps;
        predicted.verify?.(answer, m, r);
        await agree(m, r, this.action.observer, this.action.label);
      }
      toString = (): string => this.action.label;
    }

    /** Moves the app's clock to the offer's expires_at ('edge': still open) or 1 ms past it; without one, past a link's life. */
    class Clock implements fc.AsyncCommand<Model, Real> {
      constructor(readonly to: 'edge' | 'past') {}
      private delta(m: Readonly<Model>): number {
        if (m.expiresAt === null) return this.to === 'past' ? ESIGN_TOKEN_TTL_MS : 0;
        return Math.max(0, this.to === 'edge' ? m.expiresAt - m.now : m.expiresAt + 1 - m.now);
      }
      check = (): boolean => true;
      async run(m: Model, r: Real): Promise<void> {
        const delta = this.delta(m);
        clock.advance(delta);
        m.now += delta;
        count(stats.commands, `Clock ${this.to}`);
        expect(clock.now().getTime()).toBe(m.now);
        await agree(m, r, 0, this.toString());
      }
      toString = (): string => `clock to ${this.to === 'edge' ? 'expires_at' : 'expires_at + 1 ms'}`;
    }

    /**
     * Two writes at once (two tabs, or a tab and the company): the answers and the end state must be those
     * of one of the two orders (linearisable); so exactly one of accept ‖ decline wins, the other gets 409.
     */
    class Race implements fc.AsyncCommand<Model, Real> {
      constructor(
        readonly a: Action,
        readonly b: Action,
      ) {}
      private orders(m: Readonly<Model>) {
        return [
          [this.a, this.b],
          [this.b, this.a],
        ].map((order) => {
          const model = structuredClone(m) as Model;
          const predictions = new Map<Action, Prediction>();
          for (const action of order as Action[]) {
            const prediction = action.predict(model);
            prediction.apply(model);
            predictions.set(action, prediction);
          }
          const stamps = [...predictions.values()].reduce((sum, p) => sum + p.stamps, 0);
          return { predictions, model, stamps };
        });
      }
      check(m: Readonly<Model>): boolean {
        return Math.max(...this.orders(m).map((order) => order.stamps)) <= m.stampsLeft;
      }
      async run(m: Model, r: Real): Promise<void> {
        const orders = this.orders(m);
        const [answerA, answerB] = await Promise.all([this.a.send(r), this.b.send(r)]);
        stats.races++;
        const fits = (answer: Answer, prediction: Prediction | undefined) =>
          prediction !== undefined &&
          answer.status === prediction.status &&
          (prediction.message === undefined || answer.message === prediction.message);
        const matching = orders.filter((order) => fits(answerA, order.predictions.get(this.a)) && fits(answerB, order.predictions.get(this.b)));
        expect(matching.length, `${this.toString()}: answers ${answerA.status} ${answerA.message ?? ''} / ${answerB.status} ${answerB.message ?? ''} fit neither order`).toBeGreaterThan(0);
        const observed = await observe(r, 0);
        const fitting = matching.find((order) => isDeepStrictEqual(observed, expectedSnapshot(order.model, r)));
        if (!fitting) expect(observed, `after ${this.toString()}`).toEqual(expectedSnapshot((matching[0] as (typeof orders)[number]).model, r));
        const chosen = fitting as (typeof orders)[number];
        const stampsLeft = m.stampsLeft - Math.max(...orders.map((order) => order.stamps));
        Object.assign(m, chosen.model, { stampsLeft });
        stats.stamps += chosen.stamps;
        count(stats.commands, 'Race');
        count(stats.outcomes, `Race ${answerA.status}/${answerB.status}`);
        holdsInvariants(observed, r, this.toString());
      }
      toString = (): string => `race(${this.a.label} ‖ ${this.b.label})`;
    }

    /** The hosted page as the letter page opens it: a link, then Sign or Reject in the frame (possibly of another tab's link). */
    class EsignRound implements fc.AsyncCommand<Model, Real> {
      readonly mint: Step;
      readonly decide: Step;
      constructor(tab: Tab, target: Target, decidingTab: Tab, decision: 'sign' | 'reject') {
        this.mint = new Step(new Mint(tab, target));
        this.decide = new Step(new Decide(decidingTab, 'latest', decision));
      }
      /** Only when the link would be given: Mint alone covers the refusals. */
      check = (m: Readonly<Model>): boolean => (this.mint.action as Mint).predict(m as Model).status === 200;
      async run(m: Model, r: Real): Promise<void> {
        await this.mint.run(m, r);
        // A signature this sequence may not stamp is left out, as `check` would have done.
        if (this.decide.check(m)) await this.decide.run(m, r);
      }
      toString = (): string => `${this.mint.toString()}; ${this.decide.toString()}`;
    }

    // ---- Generators. ----

    const tabs = fc.constantFrom<Tab>(0, 1);
    const targets = fc.constantFrom<Target>('offer', 'offer', 'offer', 'offer', 0, 0, 0, 1, 1, 1, 'ghost');
    const documentTargets = fc.constantFrom<Target>(0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 'ghost');
    const reasons = fc.constantFrom<DeclineBody>({}, { reason_code: 'compensation' }, { reason_code: 'other', reason_text: 'Moving abroad' }, { reason_text: '   ' });
    const signing = fc.tuple(tabs, targets, fc.constantFrom<'inline' | 'upload'>('inline', 'upload')).map(([tab, target, method]) => new Sign(tab, target, method));
    const declining = fc.tuple(tabs, reasons).map(([tab, body]) => new Decline(tab, body));
    const canceling = fc.constant(null).map(() => new Cancel());
    const writes = fc.oneof(signing, signing, declining, canceling);

    const commands = [
      fc.tuple(tabs, fc.constantFrom<'list' | 'detail'>('list', 'detail')).map(([tab, what]) => new Step(new Read(tab, what))),
      fc.tuple(tabs, targets).map(([tab, target]) => new Step(new Viewed(tab, target))),
      signing.map((action) => new Step(action)),
      signing.map((action) => new Step(action)),
      fc.tuple(tabs, documentTargets).map(([tab, target]) => new Step(new Mint(tab, target))),
      fc.tuple(tabs, fc.constantFrom<number | 'latest'>('latest', 'latest', 0, 1), fc.constantFrom<'sign' | 'reject'>('sign', 'reject')).map(
        ([tab, link, decision]) => new Step(new Decide(tab, link, decision)),
      ),
      fc.tuple(tabs, documentTargets, fc.constantFrom(true, true, true, false), fc.constantFrom<'sign' | 'reject'>('sign', 'reject')).map(
        ([tab, target, sameTab, decision]) => new EsignRound(tab, target, sameTab ? tab : otherTab(tab), decision),
      ),
      fc.tuple(tabs, documentTargets).map(([tab, target]) => new Step(new Confirm(tab, target))),
      fc.oneof(declining, declining, declining, canceling).map((action) => new Step(action)),
      fc.constantFrom<'edge' | 'past'>('edge', 'past').map((to) => new Clock(to)),
      fc.tuple(writes, writes).map(([a, b]) => new Race(a, b)),
    ];

    const documentShape = fc.record({
      status: fc.constantFrom<'Unsigned' | 'Pending'>('Unsigned', 'Unsigned', 'Unsigned', 'Pending'),
      signingMode: fc.constantFrom<SigningMethod>('inline', 'esign', 'esign', 'upload'),
    });
    const shapes = fc.record({
      documents: fc.oneof(
        { arbitrary: fc.constant<{ status: 'Unsigned' | 'Pending'; signingMode: SigningMethod }[]>([]), weight: 1 },
        { arbitrary: fc.array(documentShape, { minLength: 1, maxLength: 1 }), weight: 3 },
        { arbitrary: fc.array(documentShape, { minLength: 2, maxLength: 2 }), weight: 3 },
      ),
      expiresIn: fc.option(fc.integer({ min: 1000, max: 15 * 60_000 }), { nil: null, freq: 3 }),
      stamps: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1, 1, 2),
    });

    it(`agrees with the model on ${RUNS.sqlite} random sequences (1,000 in full runs); final states never change`, async () => {
      const runs = context().dialect === 'sqlite' ? RUNS.sqlite : RUNS.postgres;
      // CI's shorter run is one fixed, known-good sample (no outcome missed by chance); full runs draw a new one.
      const seed = process.env.T13_SEED !== undefined ? Number(process.env.T13_SEED) : isFullRun() ? undefined : 13;
      if (seed !== undefined) console.info(`T13 system: fast-check seed ${seed}`);
      const started = performance.now();
      let real: Real | undefined;

      await fc.assert(
        fc.asyncProperty(shapes, fc.commands(commands, { maxCommands: 12, size: 'medium' }), async (shape, sequence) => {
          const setup = async () => {
            const who = await currentCandidate();
            who.sequences++;
            const now = clock.now().getTime();
            const expiresAt = shape.expiresIn === null ? null : now + shape.expiresIn;
            const { offerId, documentIds } = await insertTestOffer(context().database, {
              email: who.email,
              expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
              documents: shape.documents,
              letter,
            });
            const model: Model = {
              stored: 'Extended',
              expiresAt,
              now,
              docs: shape.documents.map((doc) => ({ mode: doc.signingMode, state: doc.status === 'Pending' ? 'pending' : 'unsigned', decision: null })),
              links: [],
              events: [],
              viewed: [],
              stampsLeft: shape.stamps,
            };
            real = { tabs: who.tabs, offerId, docIds: documentIds, tokens: [], finalSeen: null, signedSeen: new Set() };
            return { model, real };
          };
          await fc.asyncModelRun(setup, sequence);
          const done = real as Real;
          stats.sequences++;
          const final = await observe(done, 1);
          count(stats.finals, final.offer.status);
          // The whole history is still a valid hash chain, and the list agrees with the detail.
          expect(await company.verifyEvidence(done.offerId)).toMatchObject({ ok: true });
          const list = OffersListResponseSchema.parse((await done.tabs[0].request({ method: 'GET', url: offerApiPaths.list() })).json());
          const entry = list.offers.find((offer) => offer.id === done.offerId);
          expect(entry && observedOffer(entry, false)).toEqual({ ...final.offer, documents: final.offer.documents.map(({ bytes: _bytes, ...doc }) => doc) });
        }),
        { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
      );

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const commandsRun = [...stats.commands.values()].reduce((sum, n) => sum + n, 0);
      console.info(
        `T13 system ${context().dialect}: ${stats.sequences} sequences, ${commandsRun} commands, ${stats.races} races, ${stats.stamps} typed signatures, ${seconds} s\n` +
          `  commands: ${JSON.stringify(Object.fromEntries(stats.commands))}\n` +
          `  answers: ${JSON.stringify(Object.fromEntries([...stats.outcomes].sort()))}\n` +
          `  final statuses: ${JSON.stringify(Object.fromEntries(stats.finals))}`,
      );
      expect(stats.sequences).toBeGreaterThanOrEqual(runs);
      // The runs really reached every outcome (so the agreement above is not vacuous). The rarer e-sign
      // outcomes (~2-5% of sequences) are required of full runs only, so a shorter replay cannot fail by chance.
      for (const status of ['Extended', 'Accepted', 'Declined', 'Canceled', 'Expired']) expect(stats.finals.get(status) ?? 0, status).toBeGreaterThan(0);
      const outcomes = ['Sign 200', 'Sign 409', 'Decline 200', 'Decline 409', 'Cancel 200', 'Mint 200', 'Viewed 204', 'Race 200/409', 'Race 409/200'];
      if (runs >= 1000) outcomes.push('Decide 200', 'Decide 404', 'Decide 409', 'Confirm 200', 'Confirm 409');
      for (const outcome of outcomes) expect(stats.outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
      expect(stats.races).toBeGreaterThan(runs / 10);
    }, 480_000);
  },
);
