import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppendOnlyTriggers, dropAppendOnlyTriggers } from '../db/migrations/0003-offers';
import { positionOf, tenantIdOf } from '../modules/offers/offers-company.test-support';
import { testLetter } from '../modules/offers/offers.test-support';
import { seedForTests, testConfig } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { run } from './run';

/**
 * `offers extend` and `evidence verify` (issue 10) through run() with a fake io, on a seeded SQLite database:
 * the offer lands for the candidate with its evidence, refusals exit 1 or 2 with nothing written, and a
 * tampered chain prints INVALID and exits 1.
 */

let context: TestDatabase;
let tenantId: string;
let letterFile: string;
let externalRef: string;
let positionId: number;
const EXPIRES = new Date(Date.now() + 7 * 86_400_000).toISOString();

beforeAll(async () => {
  context = await createTestDatabase('sqlite');
  await seedForTests(context);
  tenantId = await tenantIdOf(context.database, 'acme.example');
  ({ externalRef, id: positionId } = await positionOf(context.database, tenantId));
  letterFile = join(context.dataDir, 'letter.pdf');
  writeFileSync(letterFile, await testLetter());
});
afterAll(() => context.destroy());

async function careers(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, { io: { out: (line) => out.push(line), err: (line) => err.push(line) }, config: testConfig(context.dataDir), database: context.database });
  return { code, out, err };
}

const offerCount = async () => Number((await context.database.db.selectFrom('offers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('offers extend', () => {
  it('extends an offer by candidate email and external position id, and evidence verify says VALID', async () => {
    const extended = await careers(['offers', 'extend', '--tenant', tenantId, '--candidate', 'ada@acme.example', '--position', externalRef, '--letter', letterFile, '--esign', '--expires', EXPIRES, '--json']);
    expect(extended.err).toEqual([]);
    expect(extended.code).toBe(0);
    const offer = JSON.parse(extended.out[0] ?? '{}') as { id: string; status: string; documents: { signing_mode: string }[] };
    expect(offer).toMatchObject({ status: 'Extended', documents: [{ signing_mode: 'esign' }] });

    const verified = await careers(['evidence', 'verify', offer.id, '--tenant', tenantId]);
    expect(verified.code).toBe(0);
    expect(verified.out[0]).toBe(`offer ${offer.id}: 1 event(s)`);
    expect(verified.out[1]).toMatch(/#1 .* extended Extended → Extended document /);
    expect(verified.out.at(-1)).toMatch(/^VALID/);

    const canceled = await careers(['offers', 'cancel', offer.id, '--tenant', tenantId]);
    expect(canceled).toMatchObject({ code: 0, out: [`offer ${offer.id} is Canceled`] });
  });

  it('takes a numeric position id, and refuses what it cannot do with nothing written', async () => {
    const byId = await careers(['offers', 'extend', '--tenant', tenantId, '--candidate', 'ada@acme.example', '--position', String(positionId), '--letter', letterFile, '--expires', EXPIRES]);
    expect(byId.code).toBe(0);
    expect(byId.out[0]).toMatch(/^extended offer .* to ada@acme\.example for /);

    const before = await offerCount();
    const notPdf = join(context.dataDir, 'letter.txt');
    writeFileSync(notPdf, 'Dear Ada, you are hired.');
    const refusals: [Record<string, string>, string[], number, RegExp][] = [
      [{ candidate: 'nobody@acme.example' }, [], 1, /No candidate of this tenant/],
      [{ position: 'no-such-ref' }, [], 1, /No position of this tenant/],
      [{ letter: notPdf }, [], 1, /not a PDF/],
      [{ letter: join(context.dataDir, 'missing.pdf') }, [], 2, /cannot read --letter/],
      [{ expires: '2001-01-01T00:00:00Z' }, [], 1, /expires_at must be at least an hour from now/],
      [{}, ['--esign', '--upload'], 2, /at most one of --esign and --upload/],
    ];
    for (const [override, switches, code, message] of refusals) {
      const flags = { tenant: tenantId, candidate: 'ada@acme.example', position: externalRef, letter: letterFile, expires: EXPIRES, ...override };
      const result = await careers(['offers', 'extend', ...Object.entries(flags).flatMap(([flag, value]) => [`--${flag}`, value]), ...switches]);
      expect({ override, code: result.code }).toEqual({ override, code });
      expect(result.err.join('\n')).toMatch(message);
    }
    expect(await careers(['offers', 'extend', '--tenant', tenantId])).toMatchObject({ code: 2 });
    expect(await offerCount()).toBe(before);
  });
});

describe('evidence verify', () => {
  it('prints INVALID and exits 1 for a tampered chain; an unknown or foreign offer exits 1', async () => {
    const extended = await careers(['offers', 'extend', '--tenant', tenantId, '--candidate', 'ada@acme.example', '--position', externalRef, '--letter', letterFile, '--expires', EXPIRES, '--json']);
    const { id } = JSON.parse(extended.out[0] ?? '{}') as { id: string };
    const raw = context.database.db.withoutPlugins() as unknown as Kysely<unknown>;
    await dropAppendOnlyTriggers(raw, 'sqlite');
    try {
      await context.database.db.updateTable('offerEvents').set({ occurredAt: 0 }).where('offerId', '=', id).execute();
    } finally {
      await createAppendOnlyTriggers(raw, 'sqlite');
    }
    const verified = await careers(['evidence', 'verify', id, '--tenant', tenantId]);
    expect(verified.code).toBe(1);
    expect(verified.out.at(-1)).toMatch(/^INVALID: event #1 fails its own hash/);
    const json = await careers(['evidence', 'verify', id, '--tenant', tenantId, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out[0] ?? '{}')).toMatchObject({ valid: false, verification: { ok: false, brokenAt: 0, reason: 'hash' } });

    const globex = await tenantIdOf(context.database, 'globex.example');
    expect(await careers(['evidence', 'verify', id, '--tenant', globex])).toMatchObject({ code: 1, err: ['evidence: Not found'] });
    expect(await careers(['evidence', 'verify', 'offer-none', '--tenant', tenantId])).toMatchObject({ code: 1 });
    expect(await careers(['evidence', 'verify', '--tenant', tenantId])).toMatchObject({ code: 2 });
  });
});
