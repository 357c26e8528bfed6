import { ZipArchive } from 'archiver';
import type { ExportSection } from '../../kernel/personal-data';

/** The archive's README: what is in it, in plain words. */
const README = `This archive holds everything this careers site stores about your account.

data.json       every section of your data (account, preferences, devices, saved jobs, cart, applications,
                drafts, forms, offers with their evidence, notifications, emails), as JSON.
files/<section>/ the files those sections refer to, byte for byte as stored (application files, offer
                letters, signed PDFs). data.json names each file's path and SHA-256 where it has one.
`;

/**
 * A zip of data.json, README.txt and every section's files under files/<section>/. Built in memory: an
 * account's files are bounded by the upload limits, and the archive is stored in the database anyway.
 */
export async function buildDataArchive(meta: Record<string, unknown>, sections: ReadonlyMap<string, ExportSection>): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  const data: Record<string, unknown> = { ...meta };
  for (const [name, section] of sections) data[name] = section.data;
  archive.append(`${JSON.stringify(data, (_key, value: unknown) => (value instanceof Uint8Array ? undefined : value), 2)}\n`, { name: 'data.json' });
  archive.append(README, { name: 'README.txt' });
  for (const [name, section] of sections) {
    for (const file of section.files ?? []) archive.append(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), { name: `files/${name}/${file.path}` });
  }
  await archive.finalize();
  await finished;
  return Buffer.concat(chunks);
}
