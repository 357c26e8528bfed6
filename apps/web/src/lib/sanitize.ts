import DOMPurify from 'dompurify';

/**
 * Cleans tenant-authored HTML (custom navbar, footer, banner; later HTML form items) before it is injected:
 * no scripts, no style sheets, no event-handler attributes, no javascript:/data: URLs in links,
 * and every link that opens a new tab gets rel="noopener noreferrer" (QUALITY T09).
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    for (const attribute of Array.from(node.attributes)) {
      if (attribute.name.toLowerCase().startsWith('on')) node.removeAttribute(attribute.name);
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_URL.test(href.replace(/[\p{Cc}\s]/gu, ''))) node.removeAttribute('href');
      if (node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
      else if (node.getAttribute('href')?.match(/^https?:/i)) node.setAttribute('rel', 'noopener');
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
