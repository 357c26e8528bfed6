import DOMPurify from 'dompurify';

/**
 * The one copy of the rules for tenant-authored HTML (custom navbar, footer, banner; later HTML form
 * items), used by the browser (its own window) and by the server when a tenant's configuration is written
 * (jsdom's window): no scripts, no style sheets, no event-handler attributes, no javascript:/data: URLs in
 * links, and every link that opens a new tab gets rel="noopener noreferrer" (QUALITY T09). Both sides run
 * the same DOMPurify with the same rules, so the server's stored result is the markup the browser makes.
 *
 * Written against no DOM library types: the server's TypeScript program has Node's globals, not the DOM's.
 */

/** A window DOMPurify can work in: the browser's, or jsdom's on the server. */
export type SanitizerWindow = NonNullable<Parameters<typeof DOMPurify>[0]>;

export interface HtmlSanitizer {
  sanitizeHtml(html: string): string;
}

/** The parts of an element the rules touch. */
interface ElementLike {
  nodeType: number;
  tagName: string;
  attributes: ArrayLike<{ name: string }>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

const ELEMENT_NODE = 1;
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'base', 'meta', 'link'],
  FORBID_ATTR: ['srcdoc', 'formaction'],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

function enforceAttributeRules(node: unknown): void {
  const element = node as ElementLike;
  // nodeType, not instanceof Element: jsdom's window has its own Element class.
  if (element.nodeType !== ELEMENT_NODE) return;
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name.toLowerCase().startsWith('on')) element.removeAttribute(attribute.name);
  }
  if (element.tagName === 'A') {
    const href = element.getAttribute('href');
    if (href !== null && !SAFE_URL.test(href.replace(/[\p{Cc}\s]/gu, ''))) element.removeAttribute('href');
    if (element.getAttribute('target')) element.setAttribute('rel', 'noopener noreferrer');
    else if (element.getAttribute('href')?.match(/^https?:/i)) element.setAttribute('rel', 'noopener');
  }
}

export function createHtmlSanitizer(window: SanitizerWindow): HtmlSanitizer {
  const purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', enforceAttributeRules);
  return { sanitizeHtml: (html) => purifier.sanitize(html, CONFIG) };
}
