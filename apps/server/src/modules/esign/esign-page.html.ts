import { CSRF_META_NAME, signaturePlaceholder } from '@careers/contracts';
import { escapeHtml } from '../../http/html';
import { ESIGN_CONSENT } from '../offers/offer-consent';

/**
 * The hosted e-signature page (spec §2 (c)): served by this server outside the SPA, small and self-contained,
 * framed by the offer letter page. It shows the letter, the consent, "Adopt your signature" (the typed name
 * must equal the profile's full name, spec §5) and Sign / Reject. No inline script: its behaviour is the
 * same-origin file at ESIGN_SCRIPT_PATH, so the site's CSP (script-src 'self') holds here too.
 */

export const ESIGN_SCRIPT_PATH = '/careers/esign/esign-page.js';

export interface EsignPageInput {
  token: string;
  csrfToken: string;
  companyName: string;
  /** Tenant brand colour (#rrggbb, validated by the tenant config schema), or null for the default. */
  primaryColor: string | null;
  positionName: string;
  documentName: string;
  offerId: string;
  documentId: string;
  fullName: string | null;
  documentUrl: string;
}

const DEFAULT_PRIMARY = '#3346d3';

const STYLE = `
:root{--primary:${DEFAULT_PRIMARY};--text:#1f2329;--muted:#5b6270;--line:#d5dae3;--danger:#b42318;--ok:#12784a;--radius:8px}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:#fff}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:0 0 4px}
.sub{color:var(--muted);margin:0 0 12px;font-size:14px}
.doc{width:100%;height:60vh;min-height:320px;border:1px solid var(--line);border-radius:var(--radius)}
.open{font-size:14px;margin:8px 0 16px}
fieldset{border:1px solid var(--line);border-radius:var(--radius);padding:12px 16px;margin:0 0 12px}
legend{font-weight:600;padding:0 4px}
.consent{display:flex;gap:8px;align-items:flex-start;margin:4px 0 12px}
.consent input{width:20px;height:20px;margin-top:2px;flex:none}
label.name{display:block;font-weight:600;margin-bottom:4px}
input[type=text]{width:100%;font:inherit;padding:10px 12px;border:1px solid var(--muted);border-radius:var(--radius)}
.preview{min-height:40px;margin:8px 0 0;font:28px/1.4 "DejaVu Serif","Brush Script MT",cursive;font-style:italic;color:var(--primary);overflow-wrap:anywhere}
.error{color:var(--danger);font-size:14px;margin:4px 0 0}
.actions{display:flex;flex-wrap:wrap;gap:8px}
button{font:inherit;font-weight:600;padding:10px 20px;border-radius:var(--radius);cursor:pointer;min-height:44px}
button.primary{background:var(--primary);color:#fff;border:1px solid var(--primary)}
button.secondary{background:#fff;color:var(--danger);border:1px solid var(--danger)}
button.danger{background:var(--danger);color:#fff;border:1px solid var(--danger)}
button.plain{background:#fff;color:var(--text);border:1px solid var(--line)}
.confirm{margin:12px 0 0;padding:12px 16px;border:1px solid var(--danger);border-radius:var(--radius)}
.confirm p{margin:0 0 8px;font-weight:600}
.framed .doc{height:480px}
button:disabled{opacity:.6;cursor:progress}
:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
.status{margin:12px 0 0;font-weight:600}
.status.ok{color:var(--ok)}
.status.bad{color:var(--danger)}
@media (max-width:599px){main{padding:8px}.doc{height:50vh}.framed .doc{height:360px}}
`;

export function renderEsignPage(page: EsignPageInput): string {
  const e = escapeHtml;
  const primary = page.primaryColor && /^#[0-9a-fA-F]{6}$/.test(page.primaryColor) ? page.primaryColor : DEFAULT_PRIMARY;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="${CSRF_META_NAME}" content="${e(page.csrfToken)}">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Sign your offer letter – ${e(page.companyName)}</title>
<style>${STYLE}:root{--primary:${primary}}</style>
<script src="${ESIGN_SCRIPT_PATH}" defer></script>
</head>
<body>
<main id="esign" data-token="${e(page.token)}" data-offer-id="${e(page.offerId)}" data-document-id="${e(page.documentId)}">
<h1>Sign your offer letter</h1>
<p class="sub">${e(page.companyName)} · ${e(page.positionName)} · ${e(page.documentName)}</p>
<iframe class="doc" title="${e(page.documentName)}" src="${e(page.documentUrl)}"></iframe>
<p class="open"><a href="${e(page.documentUrl)}" target="_blank" rel="noopener">Open the offer letter in a new tab</a></p>
<form id="esign-form" novalidate>
<fieldset>
<legend>Adopt your signature</legend>
<div class="consent"><input type="checkbox" id="agreed" name="agreed" aria-describedby="agreed-error"><label for="agreed">${e(ESIGN_CONSENT.text)}</label></div>
<p class="error" id="agreed-error" hidden></p>
<label class="name" for="signature">Type your full name</label>
<input type="text" id="signature" name="signature" autocomplete="name" maxlength="200" placeholder="${e(signaturePlaceholder(page.fullName))}" aria-describedby="signature-error">
<p class="preview" id="signature-preview" aria-hidden="true"></p>
<p class="error" id="signature-error" hidden></p>
</fieldset>
<div class="actions"><button type="submit" class="primary" id="sign">Sign</button><button type="button" class="secondary" id="reject" aria-expanded="false" aria-controls="reject-confirm">Reject</button></div>
<div class="confirm" id="reject-confirm" role="group" aria-labelledby="reject-confirm-text" hidden>
<p id="reject-confirm-text">Rejecting the letter declines this job offer. You will not be able to sign it afterwards.</p>
<div class="actions"><button type="button" class="danger" id="reject-confirm-yes">Reject and decline the offer</button><button type="button" class="plain" id="reject-cancel">Keep the offer</button></div>
</div>
<p class="status" id="status" role="status" aria-live="polite"></p>
</form>
</main>
</body>
</html>`;
}
