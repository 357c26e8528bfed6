/**
 * Issue 11: how long "Download all my data" takes for the demo's busiest candidate (Ada: offers with letters
 * and signed PDFs, applications, notifications), from the first section read to the stored zip, on SQLite.
 * Run: npx tsx apps/server/data-export.bench.ts [rounds]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from './src/db/database';
import { migrateToLatest } from './src/db/migrations';
import { PERSONAL_DATA } from './src/services';
import { createDataExportService } from './src/modules/account/data-export.service';
import { createDataExportsRepository } from './src/modules/account/data-exports.repository';
import { seedDemo } from './src/startup/seed/seed';

const rounds = Number(process.argv[2] ?? 7);
const database = openSqlite(join(mkdtempSync(join(tmpdir(), 'bench-export-')), 'bench.sqlite'));
await migrateToLatest(database);
await seedDemo(database, { positions: 50, scrypt: { N: 1024, r: 8, p: 1 } });
const { db } = database;
const ada = await db.selectFrom('candidates').select(['id', 'tenantId', 'email']).where('email', '=', 'ada@acme.example').executeTakeFirstOrThrow();
const owner = { tenantId: ada.tenantId, candidateId: ada.id, email: ada.email };
const clock = { now: () => new Date() };
const service = createDataExportService({ db, repository: createDataExportsRepository(db), contributors: PERSONAL_DATA, clock });
const times: number[] = [];
let size = 0;
for (let round = 0; round < rounds; round += 1) {
  const started = performance.now();
  const job = await service.start(owner);
  await service.idle();
  times.push(performance.now() - started);
  size = (await service.archive(owner, job.id)).byteLength;
}
times.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ rounds, medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0), minMs: Math.round(times[0] ?? 0), maxMs: Math.round(times.at(-1) ?? 0), archiveBytes: size })}\n`);
await database.close();
