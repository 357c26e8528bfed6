/**
 * ATS descriptions are HTML; ours are plain text (paragraphs between blank lines, "- " list items:
 * @careers/contracts descriptionBlocks), rendered escaped on the job page and in its JSON-LD. So an
 * imported description is turned into that text: block elements become paragraphs, list items "- "
 * lines, every other tag is dropped, and script, style and similar elements are dropped WITH their
 * content. Entities are decoded last, so "&lt;script&gt;" in a description stays the words "<script>",
 * which the page escapes like any text. No markup survives, so nothing needs sanitizing downstream.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  laquo: '«',
  raquo: '»',
  shy: '',
  zwj: '',
  zwnj: '',
};

/** Decodes character references (named ones from the list above, any numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      // NUL, surrogates and out-of-range code points become the replacement character, as browsers do.
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/** Elements dropped with everything inside them. */
const DROPPED = /<(script|style|template|noscript|iframe|object|embed|svg|math|head|title|textarea|select)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An opening dropped element never closed: everything after it goes. */
const DROPPED_UNCLOSED = /<(script|style|template|noscript|iframe|object|embed|svg|math|head|title|textarea|select)\b[\s\S]*$/i;
const BLOCK = /^(p|div|section|article|header|footer|aside|main|nav|blockquote|pre|h[1-6]|table|thead|tbody|tfoot|tr|ul|ol|dl|dt|dd|figure|figcaption|hr|address|details|summary)$/i;

export function htmlToText(html: string): string {
  const withoutDropped = html.replace(/<!--[\s\S]*?(-->|$)/g, ' ').replace(DROPPED, ' ').replace(DROPPED_UNCLOSED, ' ');
  let text = '';
  // Tags (with quoted attribute values, which may hold ">") and the text between them.
  const pattern = /<\/?([a-z][a-z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|<!?[^>]*>|[^<]+|</gi;
  for (const match of withoutDropped.matchAll(pattern)) {
    const token = match[0];
    const name = match[1];
    if (name === undefined) {
      // Text (or a tag-like token that is not an element: a doctype, a stray "<").
      if (!token.startsWith('<') || token === '<') text += token.replace(/\s+/g, ' ');
      continue;
    }
    const closing = token.startsWith('</');
    if (/^br$/i.test(name)) text += '\n';
    else if (/^li$/i.test(name)) text += closing ? '' : '\n- ';
    else if (/^(td|th)$/i.test(name)) text += ' ';
    else if (BLOCK.test(name)) text += '\n\n';
  }
  return normaliseText(decodeEntities(text));
}

/** Lines trimmed, runs of spaces single, at most one blank line between paragraphs. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v \u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/^- ?$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
