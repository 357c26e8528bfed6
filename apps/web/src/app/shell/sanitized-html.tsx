import { useEffect, useMemo, useState } from 'react';
import { loadedSanitizer, loadSanitizer, serverDrawnHtml, TENANT_HTML_ATTRIBUTE, tenantHtmlKey } from '../../lib/sanitizer';

/**
 * Tenant-authored HTML, always through the sanitizer (QUALITY T09); nothing is shown unsanitized. It takes the
 * direction of its own text (dir="auto"): the tenant's English on an Arabic page keeps its punctuation in place.
 * While the page hydrates it keeps what the server drew (sanitized there by the same rules); the browser's own
 * sanitizer takes over as soon as it has loaded.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const [sanitizer, setSanitizer] = useState(loadedSanitizer);
  useEffect(() => {
    if (!sanitizer) void loadSanitizer().then(setSanitizer);
  }, [sanitizer]);
  const clean = useMemo(() => (sanitizer ? sanitizer.sanitizeHtml(html) : (serverDrawnHtml(html) ?? '')), [sanitizer, html]);
  const attributes = { [TENANT_HTML_ATTRIBUTE]: tenantHtmlKey(html) };
  return <div className={className} dir="auto" {...attributes} dangerouslySetInnerHTML={{ __html: clean }} />;
}
