import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { createHtmlSanitizer } from './html-sanitizer';
import { HTML_SANITIZER_RULES } from './rules-version';

// The test environment's window is jsdom's: the DOM the server sanitizes in when a configuration is written.
const { sanitizeHtml } = createHtmlSanitizer(window);

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeHtml(html);
  return container;
}

describe('sanitizeHtml (QUALITY T09: tenant HTML)', () => {
  it('strips script and style elements', () => {
    const out = sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>body{display:none}</style>');
    expect(out).toBe('<p>Hi</p>');
  });

  it('removes every on* event handler attribute', () => {
    const container = parse(
      '<img src="/a.png" onerror="alert(1)"><a href="/x" onclick="steal()" onmouseover="x()">x</a><svg onload="alert(1)"><circle r="2"/></svg><div ONFOCUS="a()" tabindex="0">d</div>',
    );
    const withHandlers = Array.from(container.querySelectorAll('*')).filter((element) =>
      Array.from(element.attributes).some((attribute) => attribute.name.toLowerCase().startsWith('on')),
    );
    expect(withHandlers).toEqual([]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/a.png');
  });

  it('drops javascript: URLs, also obfuscated ones', () => {
    const container = parse(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a><a href=" javascript:alert(1)">d</a><a href="data:text/html,<script>alert(1)</script>">e</a>',
    );
    for (const link of Array.from(container.querySelectorAll('a'))) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/script:|^data:/i);
    }
    expect(container.querySelectorAll('a')).toHaveLength(5);
  });

  it('keeps safe links and gives new-tab links rel="noopener noreferrer"', () => {
    const container = parse(
      '<a href="https://acme.example/about" target="_blank">About</a><a href="/careers/job/1">Job</a><a href="mailto:jobs@acme.example">Mail</a>',
    );
    const [external, internal, mail] = Array.from(container.querySelectorAll('a'));
    expect(external?.getAttribute('href')).toBe('https://acme.example/about');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal?.getAttribute('href')).toBe('/careers/job/1');
    expect(mail?.getAttribute('href')).toBe('mailto:jobs@acme.example');
  });

  it('removes iframes, forms and embedded objects', () => {
    const out = sanitizeHtml('<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><object data="x"></object><b>ok</b>');
    expect(out).toBe('<b>ok</b>');
  });

  it('gives a new-tab link rel="noopener noreferrer" and a plain external one rel="noopener"', () => {
    expect(sanitizeHtml('<a href="https://a.example" target="_blank" rel="opener">a</a><a href="https://b.example">b</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a><a href="https://b.example" rel="noopener">b</a>',
    );
  });

  it('drops data attributes', () => {
    expect(sanitizeHtml('<p data-track="x" title="t">p</p>')).toBe('<p title="t">p</p>');
  });
});

describe('HTML_SANITIZER_RULES', () => {
  it('names the DOMPurify that runs the rules: the server makes its stored results again when it changes', () => {
    expect(HTML_SANITIZER_RULES).toContain(`(DOMPurify ${DOMPurify.version})`);
  });
});
