import { randomUUID } from 'node:crypto';
import type { SigningMethod } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Database } from '../../db/database';
import { TestClient } from '../../test/app';
import { sha256Hex } from './offer-evidence';
import { renderOfferLetterPdf } from '../pdf/offer-letter.pdf';
import { createOffersRepository } from './offers.repository';

/** Helpers shared by the offers and e-sign suites (test code only; no product code imports this file). */

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  content?: Uint8Array;
  type?: string;
}

/**
 * A plain name goes in `filename="…"` as browsers send it (raw UTF-8); one that cannot sit inside quotes
 * (quotes, backslashes, control characters) in the RFC 5987 `filename*` form, which busboy decodes.
 */
function filenameParameter(name: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/["\\\u0000-\u001f\u007f]/.test(name)) return `filename="${name}"`;
  const encoded = [...Buffer.from(name, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  return `filename*=UTF-8''${encoded}`;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----careers${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.content !== undefined || part.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; ${filenameParameter(part.filename ?? '')}\r\n` +
            `Content-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        Buffer.from(part.content ?? new Uint8Array()),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function signedIn(app: FastifyInstance, who: { email: string; password: string; domain?: string }, remoteAddress?: string) {
  const client = new TestClient(app, remoteAddress);
  const response = await client.login(who);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${who.email} failed: ${response.statusCode} ${response.body}`);
  return client;
}

/** A small valid PDF whose bytes differ with `seed` (T08 round trips). */
export async function smallPdf(seed: number, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < pages; page++) {
    doc.addPage([612, 792]).drawText(`Signed offer letter, copy ${seed}, page ${page + 1}`, { x: 72, y: 700, size: 14, font });
  }
  return doc.save();
}

let letter: Promise<Uint8Array> | undefined;
/** One two-page letter shared by the offers a test creates (rendering is the slow part). */
export function testLetter(): Promise<Uint8Array> {
  letter ??= renderOfferLetterPdf({
    companyName: 'Acme Robotics',
    candidateName: 'Ada Lovelace',
    positionName: 'Test Engineer',
    salaryText: '$100,000 per year',
    startDate: new Date('2025-04-01T00:00:00Z'),
    managerName: 'Charles Babbage',
    offerId: 'offer-test',
    issuedAt: new Date('2025-02-20T00:00:00Z'),
  });
  return letter;
}

export interface TestOfferInput {
  email: string;
  domain?: string;
  expiresAt?: string | null;
  documents?: { status?: 'Unsigned' | 'Pending'; signingMode?: SigningMethod }[];
  /** The letter every non-Pending document carries; the shared two-page letter unless given. */
  letter?: Uint8Array;
}

/** A fresh Extended offer (the company issuing one), returning its id and its documents' ids. */
export async function insertTestOffer(database: Database, input: TestOfferInput): Promise<{ offerId: string; documentIds: string[] }> {
  const candidate = await database.db
    .selectFrom('candidates')
    .innerJoin('tenants', 'tenants.id', 'candidates.tenantId')
    .select(['candidates.id', 'candidates.tenantId'])
    .where('candidates.email', '=', input.email)
    .where('tenants.domain', '=', input.domain ?? 'acme.example')
    .executeTakeFirstOrThrow();
  const repository = createOffersRepository(database.db, database.dialect);
  const offerId = `offer-t-${randomUUID()}`;
  const createdAt = '2025-02-28T00:00:00.000Z';
  const expiresAt = input.expiresAt === undefined ? '2025-03-20T00:00:00.000Z' : input.expiresAt;
  await repository.insertOffer({
    id: offerId,
    tenantId: candidate.tenantId,
    candidateId: candidate.id,
    positionId: null,
    positionName: 'Test Engineer',
    status: 'Extended',
    createdAt,
    updatedAt: createdAt,
    expiresAt,
  });
  const pdf = input.letter ?? (await testLetter());
  const documentIds: string[] = [];
  for (const [index, document] of (input.documents ?? [{}]).entries()) {
    const id = `doc-t-${randomUUID()}`;
    const isPending = document.status === 'Pending';
    await repository.insertDocument({
      id,
      offerId,
      sortOrder: index,
      name: index === 0 ? 'Offer letter' : `Document ${index + 1}`,
      status: document.status ?? 'Unsigned',
      signingMode: document.signingMode ?? 'inline',
      originalPdf: isPending ? null : pdf,
      originalSha256: isPending ? null : sha256Hex(pdf),
      updatedAt: createdAt,
      expiresAt,
    });
    documentIds.push(id);
  }
  return { offerId, documentIds };
}

/** Row counts that every refused request must leave unchanged. */
export async function offerTableCounts(database: Database) {
  const count = async (table: 'offers' | 'offerDocuments' | 'offerEvents' | 'esignTokens') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const stored = await database.db
    .selectFrom('offerDocuments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.or([eb('uploadedPdf', 'is not', null), eb('signedPdf', 'is not', null)]))
    .executeTakeFirstOrThrow();
  return {
    offers: await count('offers'),
    documents: await count('offerDocuments'),
    events: await count('offerEvents'),
    tokens: await count('esignTokens'),
    storedFiles: Number(stored.n),
  };
}

/**
 * One byte of a stored value changed, as an edit of the row or of the database file would change it: a byte
 * of a string's UTF-8 form or of an integer's value. The result is still storable (valid UTF-8 without NUL,
 * an integer within `integerBytes` bytes) and always differs from the original. Strings change an ASCII
 * byte, or the last byte of a multi-byte character (any continuation byte is valid there).
 */
export function flipStoredByte(value: string | number, byteIndex: number, mask: number, integerBytes = 6): string | number {
  if (typeof value === 'number') {
    const shift = BigInt(8 * (byteIndex % integerBytes));
    return Number(BigInt(value) ^ (BigInt(mask & 0xff || 1) << shift));
  }
  const bytes = Buffer.from(value, 'utf8');
  const isContinuation = (at: number) => ((bytes[at] as number) & 0xc0) === 0x80;
  const flippable = [...bytes.keys()].filter((at) => (bytes[at] as number) < 0x80 || (isContinuation(at) && (at + 1 === bytes.length || !isContinuation(at + 1))));
  if (flippable.length === 0) throw new Error(`no byte to flip in ${JSON.stringify(value)}`);
  const at = flippable[byteIndex % flippable.length] as number;
  const byte = bytes[at] as number;
  const width = byte < 0x80 ? 0x7f : 0x3f;
  let bits = mask & width || 1;
  // A NUL cannot be stored in a PostgreSQL text column; take the next mask instead.
  if ((byte ^ bits) === 0) bits = (bits % width) + 1;
  bytes[at] = byte ^ bits;
  return bytes.toString('utf8');
}

export const TEST_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
