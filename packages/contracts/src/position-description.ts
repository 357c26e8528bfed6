/**
 * A position's description is plain text (positions.ts): blank lines separate paragraphs and lines that
 * start with "- ", "* " or "• " are list items. Both the web (rendering text nodes) and the server
 * (JSON-LD HTML) read it through these blocks, so the two never disagree on structure.
 */

export type DescriptionBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

const BULLET = /^\s*[-*•]\s+/;

export function descriptionBlocks(description: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  const chunks = description.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    let paragraph: string[] = [];
    let items: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    const flushList = () => {
      if (items.length > 0) blocks.push({ kind: 'list', items });
      items = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        flushParagraph();
        const item = line.replace(BULLET, '').trim();
        if (item) items.push(item);
      } else {
        flushList();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

/** First `maxLength` characters of the description as one line, cut at a word: meta descriptions, cards. */
export function descriptionSummary(description: string, maxLength = 160): string {
  const text = descriptionBlocks(description)
    .map((block) => (block.kind === 'paragraph' ? block.text : block.items.join('; ')))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, Math.max(0, maxLength - 1));
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > maxLength / 2 ? atWord : cut).trimEnd()}…`;
}
