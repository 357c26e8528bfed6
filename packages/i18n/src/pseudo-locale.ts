/**
 * The pseudo-locale for layout testing (issue 13 "Checks"): English with every letter accented and each text
 * about 40 % longer, generated from the English catalogues when a catalogue is asked for (never committed),
 * so a screen drawn in it shows at once which text overflows, is clipped, or never went through a key.
 * It is not one of SUPPORTED_LOCALES: no language picker offers it, no Accept-Language or saved preference
 * chooses it, i18n:check does not count it; only `?hl=en-XA` does (en-XA: the tag Android and Chromium use
 * for their "accented English" pseudo-locale).
 */
export const PSEUDO_LOCALE = 'en-XA';

export function isPseudoLocale(code: string | null | undefined): boolean {
  return typeof code === 'string' && code.trim().replace('_', '-').toLowerCase() === PSEUDO_LOCALE.toLowerCase();
}

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Words appended to lengthen a text: they break between words like real text does. */
const PADDING = ['ŀöñĝ', 'ţéẋţ', 'ƒöŕ', 'ļåýöûţ', 'ţéšţš', 'ŵîţĥ', 'åççéñţš'];

/** Placeholders (`{name}`) pass through untouched; everything else is accented. */
const PLACEHOLDER = /(\{[^{}]*\})/;

/** One text of the pseudo-locale: accented, at least 40 % longer (in whole words), bracketed, its placeholders kept. */
export function pseudoLocalize(text: string): string {
  if (text.trim() === '') return text;
  const accented = text
    .split(PLACEHOLDER)
    .map((part) => (PLACEHOLDER.test(part) ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join('');
  const wanted = Math.ceil(text.length * 1.4);
  let padded = accented;
  for (let index = 0; padded.length < wanted; index += 1) padded += ` ${PADDING[index % PADDING.length]}`;
  // Brackets show a text cut at either end.
  return `[${padded}]`;
}

type Tree = { [key: string]: string | Tree };

/** A whole catalogue in the pseudo-locale: same keys, every value pseudo-localized. */
export function pseudoCatalogue<T extends Tree>(english: T): T {
  const out: Tree = {};
  for (const [key, value] of Object.entries(english)) out[key] = typeof value === 'string' ? pseudoLocalize(value) : pseudoCatalogue(value);
  return out as T;
}
