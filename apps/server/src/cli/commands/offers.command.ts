import { tenantIdOf } from '../tenant-arg';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { SIGNED_UPLOAD_MAX_BYTES } from '@careers/contracts';
import { NotFoundError } from '../../errors';
import type { ExtendOfferInput, OfferView } from '../../modules/offers/offers.service';
import { parseCommandArgs, positionals, required, UsageError, verbOf } from '../cli-args';
import { candidateArg } from './candidate-arg';
import { EXIT_OK, type CliContext, type DatabaseCliCommand } from '../cli-command';

/**
 * `offers extend` (issue 10): a company extends an offer from the command line, through the same service as
 * the employer API (offers-extending.service.ts): the letter passes the upload check, the offer, its document
 * and the `extended` evidence event are written in one transaction, and the candidate sees it at once.
 *
 *   --candidate  an email (contains "@") or a candidate id
 *   --position   a position id (digits) or the company's external id; digits that name no position id are
 *                tried as an external id, since ATS ids are often numbers
 *   --esign      the letter is signed on the hosted e-signature page; --upload: printed, signed, uploaded;
 *                neither: typed signature on the letter page
 */

function readLetter(file: string): Uint8Array {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new UsageError(`cannot read --letter ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  // Checked before reading, so a huge file is never loaded; the service's upload check judges the bytes.
  if (size > SIGNED_UPLOAD_MAX_BYTES) throw new UsageError(`--letter ${file} is larger than ${SIGNED_UPLOAD_MAX_BYTES / 1048576} MB`);
  return new Uint8Array(readFileSync(file));
}

async function extend(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, {
    tenant: { type: 'string' },
    candidate: { type: 'string' },
    position: { type: 'string' },
    letter: { type: 'string' },
    name: { type: 'string' },
    esign: { type: 'boolean' },
    upload: { type: 'boolean' },
    expires: { type: 'string' },
    json: { type: 'boolean' },
  });
  positionals(rest, []);
  const tenantId = await tenantIdOf(database, required(values.tenant, 'tenant'));
  const candidate = required(values.candidate, 'candidate');
  const position = required(values.position, 'position');
  const letter = required(values.letter, 'letter');
  const expiresAt = required(values.expires, 'expires');
  if (values.esign && values.upload) throw new UsageError('give at most one of --esign and --upload');
  const pdf = readLetter(letter);

  const input: ExtendOfferInput = {
    tenantId,
    candidate: candidateArg(candidate),
    position: /^\d{1,15}$/.test(position) ? { id: Number(position) } : { externalRef: position },
    documents: [{ pdf, fileName: basename(letter), name: values.name, signing: values.esign ? 'esign' : values.upload ? 'upload' : 'inline' }],
    expiresAt,
  };
  let view: OfferView;
  try {
    view = await services.offers.extend(input);
  } catch (error) {
    if (!(error instanceof NotFoundError) || !('id' in input.position)) throw error;
    // Digits that are not a position id: the company's own (numeric) external id.
    view = await services.offers.extend({ ...input, position: { externalRef: position } });
  }
  const { offer, documents } = view;
  if (values.json) {
    io.out(JSON.stringify({ id: offer.id, status: offer.status, candidate_id: offer.candidateId, position_id: offer.positionId, expires_at: offer.expiresAt, documents: documents.map((doc) => ({ id: doc.id, name: doc.name, signing_mode: doc.signingMode, sha256: doc.originalSha256 })) }));
    return EXIT_OK;
  }
  io.out(`extended offer ${offer.id} to ${candidate} for "${offer.positionName}" (expires ${offer.expiresAt})`);
  for (const doc of documents) io.out(`  document ${doc.id} "${doc.name}" (${doc.signingMode}) sha256 ${doc.originalSha256}`);
  return EXIT_OK;
}

async function cancel(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, { tenant: { type: 'string' } });
  const [offerId] = positionals(rest, ['offer']) as [string];
  const view = await services.offers.cancelForTenant(await tenantIdOf(database, required(values.tenant, 'tenant')), offerId);
  io.out(`offer ${view.offer.id} is ${view.offer.status}`);
  return EXIT_OK;
}

export const offersCommand: DatabaseCliCommand = {
  group: 'offers',
  usage: [
    'offers extend --tenant <id|domain> --candidate <email|id> --position <id|externalRef> --letter <file.pdf> [--esign|--upload] [--name <title>] --expires <ISO date-time> [--json]',
    'offers cancel <offer> --tenant <id|domain>',
  ],
  needsDatabase: true,
  async run(args, context) {
    const { verb, rest } = verbOf(args, ['extend', 'cancel']);
    return verb === 'cancel' ? cancel(rest, context) : extend(rest, context);
  },
};
