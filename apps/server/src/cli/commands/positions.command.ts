import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { tenantIdOf } from '../tenant-arg';
import { BATCH_PROBLEMS_SHOWN } from '../../modules/positions/position-batch.service';
import { formatImportProblem, IMPORT_FORMATS, type ImportFormat } from '../../modules/positions/import/import-records';
import { readImport } from '../../modules/positions/import/position-import';
import { parseCommandArgs, positionals, required, UsageError, verbOf } from '../cli-args';
import { EXIT_FAILED, EXIT_OK, type CliContext, type DatabaseCliCommand } from '../cli-command';

/**
 * `positions import <file> --tenant <id>` (issue 10): a file of positions — ours (JSON), a spreadsheet
 * (CSV), a Greenhouse job board or Lever postings — read whole, checked whole, and written in one batch
 * (position-batch.service.ts): a file with any bad record changes nothing and lists every problem.
 */

async function importFile(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, {
    tenant: { type: 'string' },
    format: { type: 'string' },
    'dry-run': { type: 'boolean' },
    'archive-missing': { type: 'boolean' },
    json: { type: 'boolean' },
  });
  const [file] = positionals(rest, ['file']) as [string];
  const tenantId = await tenantIdOf(database, required(values.tenant, 'tenant'));
  const format = values.format;
  if (format !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${IMPORT_FORMATS.join(', ')}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    io.err(`positions import: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return EXIT_FAILED;
  }

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const read = readImport(text, format as ImportFormat | undefined);
  if (read.problems.length > 0) {
    for (const problem of read.problems.slice(0, BATCH_PROBLEMS_SHOWN)) io.err(formatImportProblem(problem));
    const more = read.problems.length - BATCH_PROBLEMS_SHOWN;
    if (more > 0) io.err(`… and ${more} more`);
    io.err(`${file} (${read.format}): ${read.problems.length} problem${read.problems.length === 1 ? '' : 's'}; nothing was applied`);
    return EXIT_FAILED;
  }
  const result = await services.positionBatch.upsertPositions(tenantId, read.inputs, { dryRun: values['dry-run'] === true, archiveMissing: values['archive-missing'] === true });
  const seconds = (performance.now() - started) / 1000;
  // This process's own CPU time: on a busy machine the wall time says more about the neighbours.
  const cpu = process.cpuUsage(cpuBefore);
  const summary = { format: read.format, records: read.records, created: result.created, updated: result.updated, unchanged: result.unchanged, archived: result.archived, dryRun: result.dryRun, seconds: Number(seconds.toFixed(3)), cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(3)) };
  if (values.json) {
    io.out(JSON.stringify(summary));
    return EXIT_OK;
  }
  const verb = result.dryRun ? 'would be' : 'were';
  io.out(`${file} (${read.format}, ${read.records} records): ${result.created} ${verb} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.archived} archived`);
  io.out(result.dryRun ? 'dry run: nothing was written' : `done in ${seconds.toFixed(2)} s (${Math.round(read.records / Math.max(seconds, 0.001))} positions/s)`);
  return EXIT_OK;
}

export const positionsCommand: DatabaseCliCommand = {
  group: 'positions',
  usage: ['positions import <file> --tenant <id|domain> [--format json|csv|greenhouse|lever] [--dry-run] [--archive-missing] [--json]'],
  needsDatabase: true,
  async run(args, context) {
    const { rest } = verbOf(args, ['import']);
    return importFile(rest, context);
  },
};
