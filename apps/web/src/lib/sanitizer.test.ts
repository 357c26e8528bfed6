import { afterEach, describe, expect, it } from 'vitest';
import { adoptServerDrawnHtml, forgetServerDrawnHtml, serverDrawnHtml, TENANT_HTML_ATTRIBUTE, tenantHtmlKey } from './sanitizer';

const BANNER = '<p>Hiring <b>now</b><img src=x onerror=alert(1)></p>';
const FOOTER = '<a href="/privacy">Privacy</a>';

/** The server's markup: each piece as its renderer drew it (sanitized there), marked with its raw form's key. */
function markupWith(pieces: Record<string, string>): HTMLElement {
  const markup = document.createElement('div');
  for (const [raw, drawn] of Object.entries(pieces)) {
    const element = document.createElement('div');
    element.setAttribute(TENANT_HTML_ATTRIBUTE, tenantHtmlKey(raw));
    element.innerHTML = drawn;
    markup.append(element);
  }
  return markup;
}

describe("the server's drawn tenant HTML, kept for hydration (P6)", () => {
  afterEach(forgetServerDrawnHtml);

  it('keys raw HTML the same way each time, and different HTML differently', () => {
    expect(tenantHtmlKey(BANNER)).toBe(tenantHtmlKey(`${BANNER}`));
    expect(tenantHtmlKey(BANNER)).not.toBe(tenantHtmlKey(FOOTER));
    expect(tenantHtmlKey('')).toMatch(/^[0-9a-f]+$/);
  });

  it('answers what the server drew for each piece while the page hydrates, never the raw HTML', () => {
    const markup = markupWith({ [BANNER]: '<p>Hiring <b>now</b><img src="x"></p>', [FOOTER]: FOOTER });
    expect(adoptServerDrawnHtml(markup, [BANNER, FOOTER])).toBe(true);
    expect(serverDrawnHtml(BANNER)).toBe('<p>Hiring <b>now</b><img src="x"></p>');
    expect(serverDrawnHtml(FOOTER)).toBe(FOOTER);
    expect(serverDrawnHtml('<p>never drawn</p>')).toBeUndefined();
  });

  it('adopts nothing when a piece is missing from the markup: the start waits for the sanitizer instead', () => {
    expect(adoptServerDrawnHtml(markupWith({ [FOOTER]: FOOTER }), [BANNER, FOOTER])).toBe(false);
    expect(serverDrawnHtml(FOOTER)).toBeUndefined();
  });

  it('forgets it once hydrated: a later render never puts the parsed-again markup back', () => {
    adoptServerDrawnHtml(markupWith({ [FOOTER]: FOOTER }), [FOOTER]);
    forgetServerDrawnHtml();
    expect(serverDrawnHtml(FOOTER)).toBeUndefined();
  });
});
