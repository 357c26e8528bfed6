import { PROFILE_LIST_MAX_ITEMS, type Certification, type ProfileLanguage } from '@careers/contracts';
import { findDateRange, withoutRange } from './dates';

/**
 * Languages and certifications: one per line or comma-separated. A language's level is read from the words
 * and CEFR levels resumes use ("native", "fluent", "C1", "conversational", "basic") into the profile's scale.
 */

const LANGUAGE_NAMES = new Map<string, string>(
  `English Spanish|Español|Castellano French|Français German|Deutsch Italian|Italiano Portuguese|Português Dutch|Nederlands
Russian|Русский Ukrainian|Українська Polish|Polski Czech Slovak Hungarian Romanian Bulgarian Serbian Croatian Slovenian Greek|Ελληνικά
Turkish|Türkçe Arabic|العربية Hebrew|עברית Persian|Farsi Urdu Hindi|हिन्दी Bengali|Bangla Punjabi Tamil Telugu Marathi Gujarati Kannada
Malayalam Mandarin|Chinese|中文|普通话 Cantonese Japanese|日本語 Korean|한국어 Vietnamese|Tiếng_Việt Thai Indonesian|Bahasa_Indonesia Malay
Tagalog|Filipino Swahili|Kiswahili Yoruba Igbo Hausa Amharic Zulu Afrikaans Swedish|Svenska Norwegian|Norsk Danish|Dansk Finnish|Suomi
Icelandic Estonian Latvian Lithuanian Irish|Gaeilge Welsh|Cymraeg Catalan|Català Basque Galician Albanian Armenian Georgian Kazakh Uzbek
Mongolian Nepali Sinhala Khmer Lao Burmese Latin Esperanto Twi Wolof Xhosa Somali Tigrinya Pashto Kurdish Tajik Kyrgyz Turkmen Maltese Luxembourgish`
    .split(/\s+/)
    .flatMap((entry) => {
      const [name, ...aliases] = entry.split('|').map((word) => word.replace(/_/g, ' ')) as [string, ...string[]];
      return [name, ...aliases].map((alias) => [alias.toLowerCase(), name] as [string, string]);
    }),
);

const LEVELS: readonly [RegExp, ProfileLanguage['proficiency']][] = [
  [/\b(native|mother tongue|first language|bilingual)\b|\bC2\b/i, 'native'],
  [/\b(fluent|full professional|advanced|proficient)\b|\bC1\b/i, 'full_professional'],
  [/\b(professional working|professional|working|upper[- ]intermediate)\b|\bB2\b/i, 'professional_working'],
  [/\b(intermediate|conversational|limited working|limited)\b|\bB1\b/i, 'limited_working'],
  [/\b(basic|elementary|beginner|a1|a2)\b/i, 'elementary'],
];

export function parseLanguages(lines: readonly string[]): ProfileLanguage[] {
  const languages: ProfileLanguage[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    for (const part of line.split(/\s*[,;|•·]\s*/)) {
      const words = part.replace(/[()\-–—:]/g, ' ').trim();
      const first = words.split(/\s+/);
      // The language is the first word or two ("Bahasa Indonesia"); the rest is its level.
      const twoWords = first.slice(0, 2).join(' ').toLowerCase();
      const name = LANGUAGE_NAMES.get(twoWords) ?? LANGUAGE_NAMES.get((first[0] ?? '').toLowerCase());
      if (!name || seen.has(name)) continue;
      seen.add(name);
      languages.push({ name, proficiency: LEVELS.find(([pattern]) => pattern.test(words))?.[1] ?? null });
    }
  }
  return languages.slice(0, PROFILE_LIST_MAX_ITEMS);
}

const ISSUER_HINT = /^(amazon web services|aws|microsoft|google|google cloud|cisco|oracle|pmi|axelos|scrum alliance|scrum\.org|comptia|isc2|\(isc\)²|isaca|salesforce|red hat|the linux foundation|linux foundation|hashicorp|cncf|cfa institute|acca|cima|aicpa|shrm|iiba|coursera|udacity|edx|meta|hubspot|ibm|tableau|databricks|snowflake|american heart association|red cross|nebosh|prince2|itil)$/i;

export function parseCertifications(lines: readonly string[]): Certification[] {
  const certifications: Certification[] = [];
  for (const raw of lines) {
    const line = raw.replace(/^[•●▪■*-]\s*/, '').trim();
    if (line === '' || line.length > 200) continue;
    const range = findDateRange(line);
    let rest = range ? withoutRange(line, range) : line;
    let issuer: string | null = null;
    const bracket = /\(([^)]+)\)\s*$/.exec(rest);
    if (bracket) {
      issuer = (bracket[1] as string).trim() || null;
      rest = rest.slice(0, bracket.index).trim();
    } else {
      const pieces = rest.split(/\s+[|–—-]\s+|\s*,\s*/);
      const last = pieces[pieces.length - 1] as string;
      if (pieces.length > 1 && ISSUER_HINT.test(last)) {
        issuer = last;
        rest = pieces.slice(0, -1).join(' – ');
      }
    }
    if (rest === '') continue;
    certifications.push({ name: rest.slice(0, 200), issuer: issuer?.slice(0, 200) ?? null, issuedOn: range?.endDate ?? range?.startDate ?? null, expiresOn: null, credentialUrl: null });
  }
  return certifications.slice(0, PROFILE_LIST_MAX_ITEMS);
}
