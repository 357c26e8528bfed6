import { descriptionBlocks, type EmploymentType, type Position, type SalaryPeriod } from '@careers/contracts';
import { escapeHtml, jsonForScript } from '../../http/html';
import { countryCode } from '../../kernel/country-code';

/**
 * schema.org JobPosting for a job page (issue 3 "Search-engine visibility"): every field Google's job
 * search reads — title, description, datePosted, validThrough, employmentType, hiringOrganization,
 * jobLocation with a PostalAddress, baseSalary when known, jobLocationType TELECOMMUTE with
 * applicantLocationRequirements for remote roles, directApply, identifier.
 * https://developers.google.com/search/docs/appearance/structured-data/job-posting
 */

export interface HiringOrganizationInput {
  name: string;
  /** The company's own website. */
  sameAs?: string | undefined;
  /** Absolute, or relative to the canonical URL. */
  logoUrl?: string | undefined;
}

export interface JobPostingInput {
  position: Position;
  organization: HiringOrganizationInput;
  /** The job page's canonical URL (also the JSON-LD url). */
  canonicalUrl: string;
}

interface PostalAddress {
  '@type': 'PostalAddress';
  addressLocality: string;
  addressRegion?: string;
  addressCountry: string;
}

export interface JobPostingJsonLd {
  '@context': 'https://schema.org/';
  '@type': 'JobPosting';
  title: string;
  description: string;
  url: string;
  identifier: { '@type': 'PropertyValue'; name: string; value: string };
  datePosted: string;
  validThrough?: string;
  employmentType: string;
  hiringOrganization: { '@type': 'Organization'; name: string; sameAs?: string; logo?: string };
  jobLocation?: { '@type': 'Place'; address: PostalAddress }[];
  jobLocationType?: 'TELECOMMUTE';
  applicantLocationRequirements?: { '@type': 'Country'; name: string }[];
  baseSalary?: {
    '@type': 'MonetaryAmount';
    currency: string;
    value: { '@type': 'QuantitativeValue'; unitText: string; value?: number; minValue?: number; maxValue?: number };
  };
  directApply: true;
  skills?: string;
}

/** Our codes → Google's employmentType values. */
const EMPLOYMENT_TYPES: Record<EmploymentType, string> = {
  FULL_TIME: 'FULL_TIME',
  PART_TIME: 'PART_TIME',
  CONTRACT: 'CONTRACTOR',
  TEMPORARY: 'TEMPORARY',
  INTERNSHIP: 'INTERN',
  PER_DIEM: 'PER_DIEM',
  VOLUNTEER: 'VOLUNTEER',
  OTHER: 'OTHER',
};

const UNIT_TEXT: Record<SalaryPeriod, string> = { hour: 'HOUR', day: 'DAY', week: 'WEEK', month: 'MONTH', year: 'YEAR' };

/** Google allows HTML in description: the plain-text blocks become <p> and <ul>, every text escaped. */
export function descriptionHtml(description: string): string {
  return descriptionBlocks(description)
    .map((block) =>
      block.kind === 'paragraph'
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('');
}

function absoluteUrl(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

const earliest = (...dates: (string | null)[]): string | undefined =>
  dates.filter((date): date is string => date !== null).sort((a, b) => Date.parse(a) - Date.parse(b))[0];

export function buildJobPosting({ position, organization, canonicalUrl }: JobPostingInput): JobPostingJsonLd {
  const isRemote = position.is_remote || position.work_location_option === 'remote';
  const logo = absoluteUrl(organization.logoUrl, canonicalUrl);
  const sameAs = absoluteUrl(organization.sameAs, canonicalUrl);
  // An archived position is no longer open: it expired when it was archived (Google drops it then).
  const validThrough = earliest(position.valid_through, position.archived_at);
  const posting: JobPostingJsonLd = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: position.name,
    description: descriptionHtml(position.description) || `<p>${escapeHtml(position.name)}</p>`,
    url: canonicalUrl,
    identifier: { '@type': 'PropertyValue', name: organization.name, value: String(position.id) },
    datePosted: position.posted_at,
    ...(validThrough ? { validThrough } : {}),
    employmentType: EMPLOYMENT_TYPES[position.employment_type],
    hiringOrganization: {
      '@type': 'Organization',
      name: organization.name,
      ...(sameAs ? { sameAs } : {}),
      ...(logo ? { logo } : {}),
    },
    directApply: true,
  };
  if (isRemote) {
    // Google: fully remote jobs carry TELECOMMUTE and where applicants may live, not an office address.
    posting.jobLocationType = 'TELECOMMUTE';
    const countries = [...new Set(position.locations.map((location) => location.country.trim()).filter(Boolean))];
    if (countries.length > 0) posting.applicantLocationRequirements = countries.map((name) => ({ '@type': 'Country', name }));
  } else if (position.locations.length > 0) {
    posting.jobLocation = position.locations.map((location) => ({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: location.city,
        ...(location.region ? { addressRegion: location.region } : {}),
        addressCountry: countryCode(location.country) ?? location.country,
      },
    }));
  }
  if (position.salary) {
    const { min, max, currency, period } = position.salary;
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency,
      value:
        min === max
          ? { '@type': 'QuantitativeValue', value: min, unitText: UNIT_TEXT[period] }
          : { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText: UNIT_TEXT[period] },
    };
  }
  if (position.skills.length > 0) posting.skills = position.skills.join(', ');
  return posting;
}

/**
 * JSON for inside <script type="application/ld+json">: `<`, `>` and `&` become \u escapes so no
 * `</script>` or `<!--` can end or bend the element, and U+2028/U+2029 are escaped for old JS parsers
 * (the shell's jsonForScript, shared with the boot data). The result is still exactly the same JSON value.
 */
export function serializeJsonLd(value: unknown): string {
  if (JSON.stringify(value) === undefined) throw new TypeError('serializeJsonLd: the value has no JSON form');
  return jsonForScript(value);
}

/** The whole element, ready for the page head. */
export const jsonLdScript = (value: unknown): string => `<script type="application/ld+json">${serializeJsonLd(value)}</script>`;
