import DOMPurify from 'dompurify';

/**
 * Cleans tenant-authored HTML (custom navbar, footer, banner; later HTML form items) before it is injected:
 * no scripts, no style sheets, no event-handler attributes, no javascript:/data: URLs in links,
 * and every link that opens a new tab gets rel="noopener noreferrer" (QUALITY T09).
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A window DOMPurify can work in: the browser's, or jsdom's on the server. */
export type SanitizerWindow = NonNullable<Parameters<typeof DOMPurify>[0]>;
let purifierWindow: SanitizerWindow | null = null;

/** The server has no window: it gives one (jsdom) before its first render of tenant HTML. */
export function setSanitizerWindow(window: SanitizerWindow): void {
  purifierWindow = window;
  purifier = null;
}

const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(purifierWindow ?? window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // nodeType, not instanceof Element: the server's window has its own Element class.
    if (node.nodeType !== 1) return;
    const element = node as Element;
    for (const attribute of Array.from(element.attributes)) {
      if (attribute.name.toLowerCase().startsWith('on')) element.removeAttribute(attribute.name);
    }
    if (element.tagName === 'A') {
      const href = element.getAttribute('href');
      if (href !== null && !SAFE_URL.test(href.replace(/[\p{Cc}\s]/gu, ''))) element.removeAttribute('href');
      if (element.getAttribute('target')) element.setAttribute('rel', 'noopener noreferrer');
      else if (element.getAttribute('href')?.match(/^https?:/i)) element.setAttribute('rel', 'noopener');
    }
  });
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'base', 'meta', 'link'],
    FORBID_ATTR: ['srcdoc', 'formaction'],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
  });
}
