import type { SigningMethod } from '@careers/contracts';

/**
 * The content of the signing certificate page (issue 4 "Signing", QUALITY.md "Signing evidence"), as rows
 * of label and value, apart from how they are drawn: the page, the tests and the receipt read the same rows.
 */

export interface CertificateFacts {
  signerName: string;
  signerEmail: string;
  /** The typed signature; null for an uploaded signed copy, which carries its own handwritten one. */
  typedSignature: string | null;
  method: SigningMethod;
  signedAt: Date;
  ip: string;
  userAgent: string;
  offerId: string;
  documentId: string;
  stampedPage: number;
  certificatePage: number;
  originalSha256: string;
  originalLength: number;
  stampedSha256: string;
  stampedLength: number;
  consentVersion: string;
  consentSha256: string;
  consentText: string;
}

export interface CertificateSection {
  title: string;
  rows: { label: string; value: string; kind?: 'hash' | 'signature' | 'text' }[];
}

export const CERTIFICATE_TITLE = 'Signing certificate';

/** A user agent longer than this is cut on the page (the audit event keeps it whole) so the page never overflows. */
export const USER_AGENT_SHOWN = 400;

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max)}… (cut here; the full value is in the audit log)`;

export const METHOD_LABELS: Record<SigningMethod, string> = {
  inline: 'Typed signature on the offer letter page',
  esign: 'Typed signature on the hosted e-signature page',
  upload: 'Upload of a copy signed by hand',
};

export const certificateIntro = (facts: CertificateFacts): string =>
  `This page was added by the careers site when ${facts.signerName} signed. It records who signed, when, how, ` +
  'and the SHA-256 fingerprints of the exact documents, so any later change to them can be detected.';

export function certificateSections(facts: CertificateFacts): CertificateSection[] {
  return [
    {
      title: 'Signer',
      rows: [
        { label: 'Name', value: facts.signerName },
        { label: 'Email', value: facts.signerEmail },
        facts.typedSignature === null
          ? { label: 'Signature', value: 'Handwritten, on the uploaded copy' }
          : { label: 'Typed signature', value: facts.typedSignature, kind: 'signature' },
        { label: 'Method', value: METHOD_LABELS[facts.method] },
      ],
    },
    {
      title: 'When and from where',
      rows: [
        { label: 'Signed at (UTC)', value: facts.signedAt.toISOString() },
        { label: 'IP address', value: facts.ip },
        { label: 'User agent', value: clip(facts.userAgent, USER_AGENT_SHOWN), kind: 'text' },
      ],
    },
    {
      title: 'Document',
      rows: [
        { label: 'Offer id', value: facts.offerId },
        { label: 'Document id', value: facts.documentId },
        { label: 'Signature', value: `Stamped on page ${facts.stampedPage}; this certificate is page ${facts.certificatePage}` },
        {
          label: 'Original document',
          value: `SHA-256 of the first ${facts.originalLength} bytes of this file: the document as presented for signing`,
          kind: 'text',
        },
        { label: '', value: facts.originalSha256, kind: 'hash' },
        {
          label: 'Signed document',
          value:
            `SHA-256 of the first ${facts.stampedLength} bytes of this file: the signed document before this ` +
            'certificate page was appended',
          kind: 'text',
        },
        { label: '', value: facts.stampedSha256, kind: 'hash' },
      ],
    },
    {
      title: 'Consent',
      rows: [
        { label: 'Consent version', value: facts.consentVersion },
        { label: 'Consent SHA-256', value: facts.consentSha256, kind: 'hash' },
        { label: 'Consent text', value: `“${facts.consentText}”`, kind: 'text' },
      ],
    },
  ];
}

export const certificateNote = (facts: CertificateFacts): string =>
  'Each later part of this file is an incremental update appended to the part before, so the fingerprints above ' +
  `can be checked on this very file, e.g. head -c ${facts.stampedLength} file.pdf | sha256sum. A file cannot ` +
  "contain its own fingerprint: the SHA-256 of the complete file is recorded in the offer's audit log and on " +
  "the signer's receipt.";

/** Every drawn string in reading order, for tests and for logs that must not hold the PDF itself. */
export function certificateLines(facts: CertificateFacts): string[] {
  return [
    CERTIFICATE_TITLE,
    certificateIntro(facts),
    ...certificateSections(facts).flatMap((section) => [
      section.title,
      ...section.rows.map((row) => (row.label === '' ? row.value : `${row.label}: ${row.value}`)),
    ]),
    certificateNote(facts),
  ];
}
