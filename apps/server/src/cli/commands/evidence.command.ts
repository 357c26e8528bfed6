import { parseCommandArgs, positionals, required, verbOf } from '../cli-args';
import { EXIT_FAILED, EXIT_OK, type DatabaseCliCommand } from '../cli-command';
import { tenantIdOf } from '../tenant-arg';

/**
 * `evidence verify <offer> --tenant <id>` (issue 10: "the signing evidence ... can never be taken out"): the
 * offer's evidence chain, one line per event, and whether it verifies (offer-evidence.ts: every event points
 * at the one before it and hashes to its stored hash, with no sequence gap). Exit 0 VALID, 1 INVALID (or no
 * such offer of the tenant), so a script can check an archive.
 */
export const evidenceCommand: DatabaseCliCommand = {
  group: 'evidence',
  usage: ['evidence verify <offer> --tenant <id|domain> [--json]'],
  needsDatabase: true,
  async run(args, { database, services, io }) {
    const { rest } = verbOf(args, ['verify']);
    const { values, positionals: rest2 } = parseCommandArgs(rest, { tenant: { type: 'string' }, json: { type: 'boolean' } });
    const [offerId] = positionals(rest2, ['offer']) as [string];
    const report = await services.offers.evidence(await tenantIdOf(database, required(values.tenant, 'tenant')), offerId);
    const { verification } = report;
    if (values.json) {
      io.out(JSON.stringify({ offer_id: offerId, valid: verification.ok, verification, events: report.events.map((row) => ({ seq: row.seq, ...row.event, missing: row.missing })) }));
      return verification.ok ? EXIT_OK : EXIT_FAILED;
    }
    io.out(`offer ${offerId}: ${report.events.length} event(s)`);
    for (const { seq, event, missing } of report.events) {
      const document = event.document_id ? ` document ${event.document_id}` : '';
      const incomplete = missing.length > 0 ? `  (missing: ${missing.join(', ')})` : '';
      io.out(`  #${seq} ${new Date(event.occurred_at).toISOString()} ${event.event_type} ${event.status_before} → ${event.status_after}${document} ${event.hash.slice(0, 16)}…${incomplete}`);
    }
    if (verification.ok) {
      io.out(`VALID: the chain verifies (last hash ${verification.lastHash})`);
      return EXIT_OK;
    }
    const broken = report.events[verification.brokenAt];
    io.out(`INVALID: event #${broken?.seq ?? verification.brokenAt + 1} fails its ${verification.reason === 'hash' ? 'own hash (its content was changed)' : 'link to the event before it (an event was removed, inserted or reordered)'}; every later event is suspect`);
    return EXIT_FAILED;
  },
};
