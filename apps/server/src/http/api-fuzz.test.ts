import { CSRF_HEADER, DOCUMENT_UPLOAD_FIELD, OFFER_UPLOAD_FIELD, offerApiPaths, type AuthState } from '@careers/contracts';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESIGN_SCRIPT_PATH } from '../modules/esign/esign-page.html';
import { insertTestOffer, multipart, signedIn, smallPdf, type Part } from '../modules/offers/offers.test-support';
import { ADA, GRACE, createTestApp, manualClock, seedForTests, TestClient } from '../test/app';
import { forEachDatabase } from '../test/databases';
import {
  COMMON_PARAM_NAMES,
  expectSafe,
  fuzzRuns,
  hostileObject,
  hostileText,
  hostileValue,
  prototypeSnapshot,
  queryStringOf,

  urlPiece,
} from '../test/fuzz';
import { listRoutes } from '../test/routes';

/**
 * T15 api-fuzz for every endpoint besides search and positions (those: modules/search/search.fuzz.test.ts):
 * auth, onboarding, offers (with hostile multipart uploads), e-sign, place suggestions, SEO files, the HTML
 * shell and health. Each endpoint gets RUNS generated requests per dialect, signed in as Ada with a valid
 * CSRF token (so the fuzz reaches the handlers) or signed out; every answer must be below 500, every 4xx
 * JSON `{ error: { code, message } }` (page routes may answer an HTML page), and Object.prototype must come
 * out unchanged. QUALITY.md asks for 10,000 runs per endpoint: `T15_RUNS=10000` runs the full count; the
 * default keeps the suite within CI's budget on a 2-core machine.
 */
const RUNS = fuzzRuns(100);

type Method = 'GET' | 'POST' | 'DELETE';
/** Who sends: Ada signed in with her CSRF token, a signed-out visitor with a valid token, or no cookies at all. */
type Sender = 'ada' | 'visitor' | 'bare';

interface FuzzRequest {
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

interface Target {
  method: Method;
  /** The route as registered (checked against the app's route table, so a new route must be added here). */
  pattern: string;
  request: fc.Arbitrary<FuzzRequest>;
  senders: readonly Sender[];
  html?: boolean;
}

interface Fixtures {
  inlineOffer: { offerId: string; documentIds: string[] };
  esignOffer: { offerId: string; documentIds: string[] };
  uploadOffer: { offerId: string; documentIds: string[] };
  esignToken: string;
  pdf: Uint8Array;
}

const json = (body: fc.Arbitrary<unknown>) =>
  body.map((value) => ({ payload: JSON.stringify(value) ?? 'null', headers: { 'content-type': 'application/json' } }));

/** A JSON body, a malformed one, a form-encoded one, or none, with a hostile content type now and then. */
const bodyOf = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<{ payload?: string | Buffer; headers?: Record<string, string> }> =>
  fc.oneof(
    { weight: 6, arbitrary: json(hostileObject(fields)) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":', 'null', '"x"', '1e999').map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })) },
    { weight: 1, arbitrary: queryStringOf(Object.keys(fields)).map((payload) => ({ payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } })) },
    { weight: 1, arbitrary: fc.constant({}) },
    // Over Fastify's 1 MiB body limit.
    { weight: 1, arbitrary: fc.constant({ payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data', 'application/octet-stream', '\u0000', 'a/b; c=d'), hostileText)
        .map(([type, payload]) => ({ payload, headers: { 'content-type': type } })),
    },
  );

/** A query string over the endpoint's own names and the common hostile ones. */
const query = (...names: string[]) => queryStringOf([...names, ...COMMON_PARAM_NAMES]);
const withQuery = (path: string, ...names: string[]) => query(...names).map((qs) => (qs ? `${path}?${qs}` : path));

/** An id in a path: a real one, hostile text, a raw bad escape or a 10,000-character id. */
const idPiece = (real: string) => fc.oneof({ weight: 5, arbitrary: fc.constant(real) }, { weight: 3, arbitrary: urlPiece }, { weight: 1, arbitrary: fc.constant('o'.repeat(10_000)) });

const hostileFileName = fc.oneof(
  fc.constantFrom('../../etc/passwd', '..\\..\\windows\\win.ini', 'letter.pdf\u0000.exe', 'évaluation — lettre.pdf', '\u202egnp.pdf', 'CON', '.', '', ' ', 'a"b.pdf', 'x'.repeat(5000)),
  hostileText,
);

const hostilePart = (fixtures: () => Fixtures): fc.Arbitrary<Part> =>
  fc.oneof(
    fc.record({
      name: fc.oneof(fc.constantFrom(OFFER_UPLOAD_FIELD, DOCUMENT_UPLOAD_FIELD), hostileText),
      filename: hostileFileName,
      content: fc.oneof(
        fc.uint8Array({ maxLength: 2048 }),
        fc.uint8Array({ maxLength: 512 }).map((tail) => Buffer.concat([Buffer.from('%PDF-1.7\n'), tail])),
        fc.constant(new Uint8Array()),
        fc.constant(null).map(() => fixtures().pdf),
      ),
      type: fc.oneof(fc.constantFrom('application/pdf', 'application/x-msdownload', 'text/html', ''), hostileText),
    }),
    fc.record({ name: fc.oneof(fc.constantFrom('agreed', 'signature', 'document_id', '__proto__', 'constructor'), hostileText), value: hostileText }),
  );

/** A multipart body: well-formed with hostile parts, or broken (cut off, wrong boundary, no boundary). */
const multipartBody = (fixtures: () => Fixtures): fc.Arbitrary<{ payload: Buffer; headers: Record<string, string> }> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.array(hostilePart(fixtures), { maxLength: 4 }).map((parts) => multipart(parts)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(hostilePart(fixtures), { minLength: 1, maxLength: 3 }), fc.nat(), fc.constantFrom('cut', 'boundary', 'none', 'hostile'), hostileText)
        .map(([parts, at, how, text]) => {
          const { payload, headers } = multipart(parts);
          const type = headers['content-type'] as string;
          switch (how) {
            case 'cut':
              return { payload: payload.subarray(0, at % Math.max(payload.length, 1)), headers };
            case 'boundary':
              return { payload, headers: { 'content-type': 'multipart/form-data; boundary=other' } };
            case 'none':
              return { payload, headers: { 'content-type': 'multipart/form-data' } };
            default:
              return { payload, headers: { 'content-type': `${type}; boundary=${text.replace(/[\r\n]/g, '')}` } };
          }
        }),
    },
  );

const signatureFields = { agreed: fc.oneof(fc.constantFrom(true, 'true'), hostileValue), signature: fc.oneof(fc.constant('Ada Lovelace'), hostileValue) };

function targets(fixtures: () => Fixtures): Target[] {
  const f = fixtures;
  const offerId = fc.constant(null).chain(() => idPiece(f().inlineOffer.offerId));
  const offerAndDoc = fc.constant(null).chain(() => {
    const offer = fc.constantFrom(f().inlineOffer, f().esignOffer, f().uploadOffer);
    return offer.chain((o) => fc.tuple(idPiece(o.offerId), idPiece(o.documentIds[0] as string)));
  });
  const token = fc.constant(null).chain(() => fc.oneof(fc.constant(encodeURIComponent(f().esignToken)), urlPiece));
  const tokenUrl = (path: string) => fc.tuple(token, query('token')).map(([t, qs]) => `${path}?token=${t}${qs ? `&${qs}` : ''}`);
  const post = (url: fc.Arbitrary<string>, body: fc.Arbitrary<{ payload?: string | Buffer; headers?: Record<string, string> }>) =>
    fc.tuple(url, body).map(([u, b]) => ({ url: u, ...b }));
  const get = (url: fc.Arbitrary<string>, headers: fc.Arbitrary<Record<string, string>> = fc.constant({})) => fc.tuple(url, headers).map(([u, h]) => ({ url: u, headers: h }));
  const hostHeader = fc.oneof(fc.constant({}), fc.constantFrom('evil.example', 'acme.example', 'globex.example:99999', '[::1]', 'a'.repeat(300), 'acme.example.', 'ACME.EXAMPLE').map((host) => ({ host })));
  const acceptBody = fc.oneof({ weight: 3, arbitrary: multipartBody(f) }, { weight: 1, arbitrary: bodyOf(signatureFields) });
  // Mostly Ada, so most runs get past the session and CSRF checks to the handler.
  const all: Sender[] = ['ada', 'ada', 'ada', 'visitor', 'bare'];
  const hostilePath = fc.array(urlPiece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('/'));

  return [
    // Auth (spec §7): a signed-out visitor with a token, so sign-in and sign-up reach their handlers.
    { method: 'POST', pattern: '/api/auth/login', senders: ['visitor', 'bare'], request: post(withQuery('/api/auth/login', 'domain'), bodyOf({ email: fc.oneof(fc.constant(GRACE.email), hostileValue), password: hostileValue, domain: hostileValue })) },
    { method: 'POST', pattern: '/api/auth/signup', senders: ['visitor', 'bare'], request: post(withQuery('/api/auth/signup'), bodyOf({ email: fc.oneof(fc.constant(ADA.email), hostileValue), password: hostileValue, firstName: hostileValue, lastName: hostileValue, domain: hostileValue })) },
    { method: 'GET', pattern: '/api/auth/me', senders: all, request: get(withQuery('/api/auth/me')) },
    { method: 'POST', pattern: '/api/auth/password', senders: all, request: post(withQuery('/api/auth/password'), bodyOf({ currentPassword: hostileValue, newPassword: hostileValue })) },
    { method: 'GET', pattern: '/api/auth/sessions', senders: all, request: get(withQuery('/api/auth/sessions')) },
    { method: 'POST', pattern: '/api/auth/sessions/revoke_others', senders: all, request: post(withQuery('/api/auth/sessions/revoke_others'), bodyOf({ id: hostileValue })) },
    // Logout ends the session it is sent with: a signed-out visitor's (Ada stays signed in for the rest).
    { method: 'POST', pattern: '/api/auth/logout', senders: ['visitor', 'bare'], request: post(withQuery('/api/auth/logout'), bodyOf({ next: hostileValue })) },
    { method: 'POST', pattern: '/logout', senders: ['visitor', 'bare'], request: post(withQuery('/logout', 'next'), bodyOf({ next: hostileValue, csrf_token: hostileValue })) },
    // Onboarding and profile bootstrap.
    { method: 'POST', pattern: '/api/pcsx/onboarding', senders: all, request: post(withQuery('/api/pcsx/onboarding'), bodyOf({ step: hostileValue })) },
    { method: 'POST', pattern: '/api/pcsx/profile_bootstrap', senders: all, request: post(withQuery('/api/pcsx/profile_bootstrap'), bodyOf({ firstName: hostileValue, lastName: hostileValue, location: hostileValue })) },
    // Offers.
    { method: 'GET', pattern: '/api/offer/offers', senders: all, request: get(withQuery('/api/offer/offers', 'status', 'start')) },
    { method: 'GET', pattern: '/api/offer/offers/:offerId', senders: all, request: get(fc.tuple(offerId, query()).map(([id, qs]) => `/api/offer/offers/${id}?${qs}`)) },
    { method: 'GET', pattern: '/api/offer/offers/:offerId/:documentId/download', senders: all, request: get(offerAndDoc.map(([o, d]) => `/api/offer/offers/${o}/${d}/download`)) },
    { method: 'GET', pattern: '/api/offer/offers/:offerId/:documentId/receipt', senders: all, request: get(offerAndDoc.map(([o, d]) => `/api/offer/offers/${o}/${d}/receipt`)) },
    { method: 'POST', pattern: '/api/offer/offers/:offerId/viewed', senders: all, request: post(offerAndDoc.map(([o]) => `/api/offer/offers/${o}/viewed`), bodyOf({ document_id: fc.oneof(fc.constant(null).map(() => f().inlineOffer.documentIds[0]), hostileValue) })) },
    { method: 'POST', pattern: '/api/offer/offers/:offerId/accept', senders: all, request: post(offerAndDoc.map(([o]) => `/api/offer/offers/${o}/accept`), acceptBody) },
    { method: 'POST', pattern: '/api/offer/offers/:offerId/:documentId/accept', senders: all, request: post(offerAndDoc.map(([o, d]) => `/api/offer/offers/${o}/${d}/accept`), acceptBody) },
    { method: 'POST', pattern: '/api/offer/offers/:offerId/decline', senders: all, request: post(offerAndDoc.map(([o]) => `/api/offer/offers/${o}/decline`), bodyOf({ reason_code: hostileValue, reason_text: hostileValue })) },
    { method: 'POST', pattern: '/api/offer/offers/:offerId/:documentId/esign_status', senders: all, request: post(offerAndDoc.map(([o, d]) => `/api/offer/offers/${o}/${d}/esign_status`), bodyOf({ type: fc.oneof(fc.constantFrom('ESIGN', 'REJECT'), hostileValue), offerId: hostileValue, documentId: hostileValue })) },
    // E-sign.
    { method: 'POST', pattern: '/api/offer/offers/:offerId/:documentId/esign_token', senders: all, request: post(offerAndDoc.map(([o, d]) => `/api/offer/offers/${o}/${d}/esign_token`), bodyOf({ x: hostileValue })) },
    { method: 'GET', pattern: ESIGN_SCRIPT_PATH, senders: all, request: get(withQuery(ESIGN_SCRIPT_PATH)) },
    { method: 'GET', pattern: '/careers/esign', senders: all, html: true, request: get(tokenUrl('/careers/esign')) },
    { method: 'GET', pattern: '/api/esign/document', senders: all, request: get(tokenUrl('/api/esign/document')) },
    { method: 'POST', pattern: '/api/esign/sign', senders: all, request: post(tokenUrl('/api/esign/sign'), bodyOf(signatureFields)) },
    { method: 'POST', pattern: '/api/esign/reject', senders: all, request: post(tokenUrl('/api/esign/reject'), bodyOf({ reason: hostileValue })) },
    // Notifications (issue 12; the live stream is long-lived and has its own suite), password reset, email.
    { method: 'GET', pattern: '/api/pcsx/notifications', senders: all, request: get(withQuery('/api/pcsx/notifications', 'type_filter')) },
    { method: 'GET', pattern: '/api/pcsx/notification_badge', senders: all, request: get(withQuery('/api/pcsx/notification_badge')) },
    { method: 'GET', pattern: '/api/pcsx/notifications_boot_data', senders: all, request: get(withQuery('/api/pcsx/notifications_boot_data')) },
    { method: 'POST', pattern: '/api/pcsx/notifications/mark_all_viewed', senders: all, request: post(withQuery('/api/pcsx/notifications/mark_all_viewed'), bodyOf({ domain: hostileValue })) },
    { method: 'POST', pattern: '/api/pcsx/notifications/mark_all_clicked', senders: all, request: post(withQuery('/api/pcsx/notifications/mark_all_clicked'), bodyOf({ domain: hostileValue })) },
    { method: 'POST', pattern: '/api/pcsx/notifications/:id/mark_clicked', senders: all, request: post(urlPiece.map((id) => `/api/pcsx/notifications/${id}/mark_clicked`), bodyOf({ domain: hostileValue })) },
    // The dashboard (issue 11).
    { method: 'GET', pattern: '/api/pcsx/dashboard/nudges', senders: all, request: get(withQuery('/api/pcsx/dashboard/nudges')) },
    { method: 'GET', pattern: '/api/pcsx/dashboard/interviews', senders: all, request: get(withQuery('/api/pcsx/dashboard/interviews')) },
    { method: 'GET', pattern: '/api/pcsx/dashboard/interviews/:interviewId/calendar.ics', senders: all, request: get(fc.oneof(fc.constant('interview-ada-video'), urlPiece).map((id) => `/api/pcsx/dashboard/interviews/${id}/calendar.ics`)) },
    { method: 'GET', pattern: '/api/pcsx/dashboard/events', senders: all, request: get(withQuery('/api/pcsx/dashboard/events')) },
    { method: 'GET', pattern: '/api/pcsx/dashboard/referrals', senders: all, request: get(withQuery('/api/pcsx/dashboard/referrals')) },
    // Mostly hostile addresses: a well-formed one waits out the answer's timing floor (FORGOT_MIN_MS).
    { method: 'POST', pattern: '/api/auth/password/forgot', senders: ['visitor', 'bare'], request: post(withQuery('/api/auth/password/forgot'), bodyOf({ email: fc.oneof({ weight: 1, arbitrary: fc.constant('nobody@acme.example') }, { weight: 9, arbitrary: hostileValue }), domain: hostileValue })) },
    { method: 'POST', pattern: '/api/auth/password/reset', senders: ['visitor', 'bare'], request: post(withQuery('/api/auth/password/reset'), bodyOf({ token: hostileValue, password: hostileValue })) },
    { method: 'GET', pattern: '/api/pcsx/email/unsubscribe', senders: ['bare'], html: true, request: get(withQuery('/api/pcsx/email/unsubscribe', 'token')) },
    { method: 'POST', pattern: '/api/pcsx/email/unsubscribe', senders: ['bare'], html: true, request: post(withQuery('/api/pcsx/email/unsubscribe', 'token'), bodyOf({ 'List-Unsubscribe': hostileValue })) },
    { method: 'GET', pattern: '/api/dev/email_outbox', senders: all, request: get(withQuery('/api/dev/email_outbox', 'to')) },
    // Saved searches (issue 12).
    { method: 'GET', pattern: '/api/pcsx/saved_searches', senders: all, request: get(withQuery('/api/pcsx/saved_searches')) },
    // Issue 12: signed-out job alerts (double opt-in) and their confirmation page.
    { method: 'POST', pattern: '/api/pcsx/guest_alerts', senders: all, request: post(withQuery('/api/pcsx/guest_alerts'), bodyOf({ email: fc.oneof(fc.constant('guest@example.com'), hostileValue), search: fc.oneof(fc.constant('query=robot&location=Boston'), hostileValue), consent: fc.oneof(fc.boolean(), hostileValue), locale: hostileValue, domain: hostileValue })) },
    { method: 'GET', pattern: '/careers/alerts/confirm', senders: ['bare', 'visitor'], html: true, request: get(withQuery('/careers/alerts/confirm', 'token')) },
    { method: 'POST', pattern: '/careers/alerts/confirm', senders: ['bare', 'visitor'], html: true, request: post(withQuery('/careers/alerts/confirm'), bodyOf({ token: hostileValue, _csrf: hostileValue })) },
    { method: 'POST', pattern: '/api/pcsx/saved_searches', senders: all, request: post(withQuery('/api/pcsx/saved_searches'), bodyOf({ search: fc.oneof(fc.constant('query=robot&location=Boston'), hostileValue), name: hostileValue, alertsEnabled: fc.oneof(fc.boolean(), hostileValue), domain: hostileValue })) },
    { method: 'POST', pattern: '/api/pcsx/saved_searches/:id', senders: all, request: post(urlPiece.map((id) => `/api/pcsx/saved_searches/${id}`), bodyOf({ name: hostileValue, alertsEnabled: fc.oneof(fc.boolean(), hostileValue) })) },
    { method: 'DELETE', pattern: '/api/pcsx/saved_searches/:id', senders: all, request: post(urlPiece.map((id) => `/api/pcsx/saved_searches/${id}`), bodyOf({ domain: hostileValue })) },
    // Issue 11/13 settings: preferences, the data export and account deletion (hostile confirmations never match Ada's).
    { method: 'GET', pattern: '/api/account/preferences', senders: all, request: get(withQuery('/api/account/preferences')) },
    { method: 'POST', pattern: '/api/account/preferences', senders: all, request: post(withQuery('/api/account/preferences'), bodyOf({ locale: fc.oneof(fc.constantFrom('ar', 'xx', 'en'), hostileValue), timeZone: fc.oneof(fc.constantFrom('Europe/London', 'Mars/Olympus'), hostileValue), emailNotifications: hostileValue, inAppNotifications: hostileValue })) },
    { method: 'GET', pattern: '/api/account/data_export', senders: all, request: get(withQuery('/api/account/data_export')) },
    { method: 'POST', pattern: '/api/account/data_export', senders: all, request: post(withQuery('/api/account/data_export'), bodyOf({ x: hostileValue })) },
    { method: 'GET', pattern: '/api/account/data_export/:id/download', senders: all, request: get(urlPiece.map((id) => `/api/account/data_export/${id}/download`)) },
    { method: 'POST', pattern: '/api/account/delete', senders: all, request: post(withQuery('/api/account/delete'), bodyOf({ confirmation: hostileValue })) },
    // Place suggestions, SEO files (with a hostile Host), the shell and health.
    { method: 'GET', pattern: '/api/pcsx/places', senders: all, request: get(withQuery('/api/pcsx/places', 'query', 'limit')) },
    { method: 'GET', pattern: '/robots.txt', senders: ['bare'], request: get(withQuery('/robots.txt'), hostHeader) },
    { method: 'GET', pattern: '/sitemap.xml', senders: ['bare'], request: get(withQuery('/sitemap.xml'), hostHeader) },
    { method: 'GET', pattern: '/sitemap-:page.xml', senders: ['bare'], request: get(fc.oneof(urlPiece, fc.nat().map(String), fc.constant('9'.repeat(400))).map((page) => `/sitemap-${page}.xml`), hostHeader) },
    { method: 'GET', pattern: '/', senders: all, html: true, request: get(withQuery('/')) },
    { method: 'GET', pattern: '/careers', senders: all, html: true, request: get(withQuery('/careers', 'query', 'location', 'start', 'pid', 'sort_by')) },
    { method: 'GET', pattern: '/careers/*', senders: all, html: true, request: get(fc.tuple(hostilePath, query('query', 'pid')).map(([path, qs]) => `/careers/${path}?${qs}`), hostHeader) },
    { method: 'GET', pattern: '/logout', senders: all, html: true, request: get(withQuery('/logout', 'next')) },
    // Static files (and everything no route claims): traversal, encoded slashes, bad escapes.
    {
      method: 'GET', pattern: '/*', senders: ['bare'],
      request: get(fc.oneof(hostilePath, fc.constantFrom('assets/..%2f..%2fetc%2fpasswd', 'assets/%2e%2e/%2e%2e/package.json', 'brand/..%5c..%5cconfig.ts', '%00', 'favicon.ico%00.js', 'assets/')).map((path) => `/${path}`)),
    },
    { method: 'GET', pattern: '/healthz', senders: ['bare'], request: get(withQuery('/healthz')) },
    // Public branding images (issue 10): hostile domains and file names.
    {
      method: 'GET', pattern: '/branding/:domain/:file', senders: ['bare'],
      request: get(fc.tuple(fc.oneof(urlPiece, fc.constantFrom('acme.example', 'globex.example')), fc.oneof(urlPiece, fc.constantFrom('logo-0123456789abcdef.png', 'hero-0123456789abcdef.webp', 'favicon-.png'))).map(([domain, file]) => `/branding/${domain}/${file}`)),
    },
    { method: 'GET', pattern: '/readyz', senders: ['bare'], request: get(withQuery('/readyz')) },
    // The candidate's profile (issue 11): real sections and operations with hostile data, or hostile all through.
    { method: 'GET', pattern: '/api/pcsx/profile_details', senders: all, request: get(withQuery('/api/pcsx/profile_details')) },
    { method: 'GET', pattern: '/api/pcsx/profile_analysis', senders: all, request: get(withQuery('/api/pcsx/profile_analysis')) },
    { method: 'GET', pattern: '/api/pcsx/profile_resume.pdf', senders: all, request: get(withQuery('/api/pcsx/profile_resume.pdf')) },
    {
      method: 'POST', pattern: '/api/pcsx/profile_edit', senders: all,
      request: post(withQuery('/api/pcsx/profile_edit'), bodyOf({
        op_section: fc.oneof(fc.constantFrom('contact', 'location', 'links', 'work_experience', 'education', 'skills', 'languages', 'certifications', 'resume_import'), hostileValue),
        operation: fc.oneof(fc.constantFrom('add', 'update', 'delete', 'replace', 'merge'), hostileValue),
        op_data: fc.oneof(hostileValue, hostileObject({ value: fc.oneof(hostileValue, hostileObject({ firstName: hostileValue, lastName: hostileValue, title: hostileValue, company: hostileValue, school: hostileValue, name: hostileValue, label: hostileValue, url: hostileValue, startDate: hostileValue, contact: hostileValue, skills: hostileValue })), index: fc.oneof(fc.nat(60), hostileValue) })),
      })),
    },
    // The candidate's resume (issue 11): hostile names and contents, data URLs that are not, real ones of noise.
    { method: 'GET', pattern: '/api/pcsx/resume', senders: all, request: get(withQuery('/api/pcsx/resume')) },
    { method: 'GET', pattern: '/api/pcsx/resume/download', senders: all, request: get(withQuery('/api/pcsx/resume/download')) },
    {
      method: 'POST', pattern: '/api/pcsx/upload_resume', senders: all,
      request: post(withQuery('/api/pcsx/upload_resume'), bodyOf({
        resume_file_name: fc.oneof(hostileValue, fc.constantFrom('cv.pdf', 'cv.txt', '../cv.txt')),
        resume_content: fc.oneof(hostileValue, fc.uint8Array({ maxLength: 300 }).map((bytes) => `data:application/pdf;base64,${Buffer.from(bytes).toString('base64')}`)),
      })),
    },
    {
      // Issue 9: the apply page's resume parse (a visitor too, where logged-out apply is on); stores nothing.
      method: 'POST', pattern: '/api/pcsx/parse_resume', senders: all,
      request: post(withQuery('/api/pcsx/parse_resume'), bodyOf({
        resume_file_name: fc.oneof(hostileValue, fc.constantFrom('cv.pdf', 'cv.txt', '../cv.txt')),
        resume_content: fc.oneof(hostileValue, fc.uint8Array({ maxLength: 300 }).map((bytes) => `data:application/pdf;base64,${Buffer.from(bytes).toString('base64')}`)),
        pid: fc.oneof(hostileValue, fc.constantFrom('1', '1,2,3', '', '0', '-1', '1,,2', '99999999999999999999')),
      })),
    },
  ];
}

/**
 * Search and positions are fuzzed in their own suite, applying in modules/applications/applications.fuzz.test.ts;
 * the static files are only registered with a web build.
 */
const COVERED_ELSEWHERE = new Set([
  '/api/pcsx/search', '/api/pcsx/position_details', '/api/pcsx/match_details', '/api/pcsx/position_insights', '/api/pcsx/overrides',
  '/api/pcsx/positions/saved', '/api/pcsx/job_cart',
  '/api/pcsx/apply_form', '/api/pcsx/apply', '/api/pcsx/draft_applications', '/api/pcsx/dashboard/applications',
  '/api/pcsx/applications/:applicationId/withdraw', '/api/pcsx/forms_list', '/api/pcsx/forms/:formRequestId',
]);

forEachDatabase('T15 api-fuzz: every other endpoint', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let visitor: TestClient;
  let fixtures: Fixtures | undefined;
  const expectPrototypeUnchanged = prototypeSnapshot();
  const list = targets(() => {
    if (!fixtures) throw new Error('fixtures not ready');
    return fixtures;
  });

  beforeAll(async () => {
    await seedForTests(context(), 10);
    // The test offers expire on 2025-03-20: keep the clock before that so they stay open.
    ({ app } = await createTestApp(context(), { clock: manualClock() }));
    ada = await signedIn(app, ADA);
    visitor = new TestClient(app, '127.0.0.2');
    await visitor.start();
    const database = context().database;
    const inlineOffer = await insertTestOffer(database, { email: ADA.email });
    const esignOffer = await insertTestOffer(database, { email: ADA.email, documents: [{ signingMode: 'esign' }] });
    const uploadOffer = await insertTestOffer(database, { email: ADA.email, documents: [{ signingMode: 'upload' }, {}] });
    const minted = await ada.request({ method: 'POST', url: offerApiPaths.esignToken(esignOffer.offerId, esignOffer.documentIds[0] as string) });
    expect(minted.statusCode).toBe(200);
    const esignToken = (minted.json() as { url: string }).url.split('token=')[1] as string;
    fixtures = { inlineOffer, esignOffer, uploadOffer, esignToken, pdf: await smallPdf(1) };
  });
  afterAll(() => app.close());

  it('covers every route the app registers', () => {
    const fuzzed = new Set([...list.map((target) => `${target.method} ${target.pattern}`), ...[...COVERED_ELSEWHERE].flatMap((path) => ['GET', 'POST', 'PUT', 'DELETE'].map((method) => `${method} ${path}`))]);
    const missing = listRoutes(app)
      .filter((route) => route.method === 'GET' || route.method === 'POST' || route.method === 'DELETE' || route.method === 'PUT' || route.method === 'PATCH')
      // The employer API is fuzzed with a key in http/admin-api.fuzz.test.ts.
      .filter((route) => !route.pattern.startsWith('/api/admin/'))
      .map((route) => `${route.method} ${route.pattern}`)
      .filter((route) => !fuzzed.has(route));
    expect(missing).toEqual([]);
  });

  async function send(sender: Sender, method: Method, request: FuzzRequest): Promise<LightMyRequestResponse> {
    if (sender === 'bare') return app.inject({ method, url: request.url, payload: request.payload, headers: request.headers });
    const client = sender === 'ada' ? ada : visitor;
    return client.request({ method, url: request.url, payload: request.payload, headers: request.headers });
  }

  it.each(list.map((target) => [`${target.method} ${target.pattern}`, target] as const))('%s never fails with a 5xx', async (_label, target) => {
    await fc.assert(
      fc.asyncProperty(target.request, fc.constantFrom(...target.senders), async (request, sender) => {
        const response = await send(sender, target.method, request);
        expectSafe(response, `${sender} ${target.method} ${request.url.slice(0, 300)} ${String(request.payload ?? '').slice(0, 200)}`, { html: target.html });
      }),
      { numRuns: RUNS },
    );
    expectPrototypeUnchanged();
    // Some routes draw a PDF or write a profile per request (~100 ms each on a quiet host): a busy CI host needs more than 20 s.
  }, 90_000);

  // Headers every route reads before its handler: the session cookie, the CSRF token, the language, the client.
  const headerValue = fc.oneof(hostileText.map((text) => text.replace(/[\r\n]/g, ' ')), fc.constantFrom('a'.repeat(8000), 'sid=; sid=x; sid', '=', ';;;', 'br;q=NaN, *;q=-1'));
  const hostileHeaders = fc.dictionary(
    fc.constantFrom('cookie', 'x-csrf-token', 'accept-language', 'accept-encoding', 'accept', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'x-request-id', 'if-none-match', 'origin', 'referer', 'range'),
    headerValue,
    { maxKeys: 4 },
  );

  it('hostile headers on every route never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...list).chain((target) => fc.tuple(fc.constant(target), target.request, hostileHeaders)), async ([target, request, headers]) => {
        const response = await app.inject({ method: target.method, url: request.url, payload: request.payload, headers: { ...request.headers, ...headers } });
        expectSafe(response, `${target.method} ${request.url.slice(0, 200)} ${JSON.stringify(headers).slice(0, 300)}`, { html: target.html });
      }),
      { numRuns: RUNS * 5 },
    );
    expectPrototypeUnchanged();
  });

  it('methods no route takes (DELETE, PUT, PATCH, OPTIONS) answer a JSON 4xx, signed in or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...list).chain((target) => fc.tuple(fc.constant(target), target.request)),
        fc.constantFrom('DELETE', 'PUT', 'PATCH', 'OPTIONS' as const),
        fc.boolean(),
        async ([target, request], method, signedIn) => {
          const session = signedIn ? { cookie: [...ada.cookies].map(([name, value]) => `${name}=${value}`).join('; '), [CSRF_HEADER]: ada.csrfToken } : {};
          const response = await app.inject({ method, url: request.url, payload: request.payload, headers: { ...request.headers, ...session } });
          expectSafe(response, `${method} ${request.url.slice(0, 200)}`, { html: target.html });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('Ada is still signed in after the fuzz (no route ended her session by mistake)', async () => {
    const me = await ada.request({ method: 'GET', url: '/api/auth/me' });
    expect((me.json() as AuthState).userStore.isLoggedIn).toBe(true);
  });
});

