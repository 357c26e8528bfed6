import { OfferMessages } from '@careers/contracts';
import { sha256Hex } from './offer-evidence';

/**
 * The consent a candidate gives when signing, recorded by version and SHA-256 in every signing event
 * (QUALITY.md "Signing evidence"; ESIGN Act §101(c): consent to do business electronically). The text is
 * exactly what the page shows, so the hash proves which words were agreed to. Changing a text means a new
 * version: old events keep pointing at the words their signer saw.
 */
export interface Consent {
  version: string;
  text: string;
  sha256: string;
}

const consent = (version: string, text: string): Consent => ({ version, text, sha256: sha256Hex(text) });

/** spec §5 "Inline sign form": the checkbox and the signature field's label, as the letter page shows them. */
export const INLINE_SIGN_CONSENT = consent(
  'inline-terms-v1',
  `${OfferMessages.agreeToTerms}. ${OfferMessages.signatureLabel}.`,
);

/** The hosted e-signature page's checkbox (modules/esign/esign-page.html.ts shows this text). */
export const ESIGN_CONSENT = consent(
  'esign-consent-v1',
  'I agree to sign this offer letter electronically. My typed name is my signature and has the same effect as a handwritten one.',
);

/**
 * An upload carries a handwritten signature, so no electronic consent is asked; the receipt's certificate
 * says so in this fixed sentence instead of leaving its consent section blank.
 */
export const UPLOAD_STATEMENT = consent(
  'upload-no-esign-consent-v1',
  'Signed by hand on the uploaded copy; no electronic signature was made, so no electronic consent applies.',
);
