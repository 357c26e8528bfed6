import type { SigningMethod } from '@careers/contracts';
import type { Translate } from '../../i18n/catalogues';
import { withoutIsolates } from './pdf-layout';

/**
 * The content of the signing certificate page (issue 4 "Signing", QUALITY.md "Signing evidence"), as rows
 * of label and value, apart from how they are drawn: the page, the tests and the receipt read the same rows.
 * Written in the signer's language (issue 13); the values themselves (hashes, ids, the UTC time) stay exact.
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

/** A user agent longer than this is cut on the page (the audit event keeps it whole) so the page never overflows. */
export const USER_AGENT_SHOWN = 400;

const clip = (t: Translate, text: string, max: number): string => (text.length <= max ? text : t('certificate.cut', { text: text.slice(0, max) }));

export const certificateTitle = (t: Translate): string => t('certificate.title');

export const certificateIntro = (t: Translate, facts: CertificateFacts): string => t('certificate.intro', { name: facts.signerName });

export function certificateSections(t: Translate, facts: CertificateFacts): CertificateSection[] {
  const label = (key: string): string => t(`certificate.labels.${key}`);
  return [
    {
      title: t('certificate.sections.signer'),
      rows: [
        { label: label('name'), value: facts.signerName },
        { label: label('email'), value: facts.signerEmail },
        facts.typedSignature === null
          ? { label: label('signature'), value: t('certificate.handwritten') }
          : { label: label('typedSignature'), value: facts.typedSignature, kind: 'signature' },
        { label: label('method'), value: t(`certificate.methods.${facts.method}`) },
      ],
    },
    {
      title: t('certificate.sections.when'),
      rows: [
        { label: label('signedAtUtc'), value: facts.signedAt.toISOString() },
        { label: label('ipAddress'), value: facts.ip },
        { label: label('userAgent'), value: clip(t, facts.userAgent, USER_AGENT_SHOWN), kind: 'text' },
      ],
    },
    {
      title: t('certificate.sections.document'),
      rows: [
        { label: label('offerId'), value: facts.offerId },
        { label: label('documentId'), value: facts.documentId },
        { label: label('stamp'), value: t('certificate.stampedOn', { stampedPage: facts.stampedPage, certificatePage: facts.certificatePage }) },
        { label: label('originalDocument'), value: t('certificate.originalHash', { bytes: facts.originalLength }), kind: 'text' },
        { label: '', value: facts.originalSha256, kind: 'hash' },
        { label: label('signedDocument'), value: t('certificate.stampedHash', { bytes: facts.stampedLength }), kind: 'text' },
        { label: '', value: facts.stampedSha256, kind: 'hash' },
      ],
    },
    {
      title: t('certificate.sections.consent'),
      rows: [
        { label: label('consentVersion'), value: facts.consentVersion },
        { label: label('consentSha256'), value: facts.consentSha256, kind: 'hash' },
        { label: label('consentText'), value: t('certificate.quoted', { text: facts.consentText }), kind: 'text' },
      ],
    },
  ];
}

/** The closing note; its shell command is a command, so it is isolated left to right in every language. */
export const certificateNote = (t: Translate, facts: CertificateFacts): string =>
  t('certificate.note', { command: `\u2066head -c ${facts.stampedLength} file.pdf | sha256sum\u2069` });

/** Every drawn string in reading order (bidi controls left out), for tests and for logs that must not hold the PDF itself. */
export function certificateLines(t: Translate, facts: CertificateFacts): string[] {
  return [
    certificateTitle(t),
    certificateIntro(t, facts),
    ...certificateSections(t, facts).flatMap((section) => [
      section.title,
      ...section.rows.map((row) => (row.label === '' ? row.value : `${row.label}: ${row.value}`)),
    ]),
    certificateNote(t, facts),
  ].map(withoutIsolates);
}
