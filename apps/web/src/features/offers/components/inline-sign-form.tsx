import { validateInlineSignForm, type Offer, type OfferActionResponse, type OfferDocument } from '@careers/contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { focusFirstError } from '../../../lib/forms';
import { settleMutation } from '../../../lib/settle-mutation';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useAcceptDocument } from '../api/accept-document';
import { offerFailureMessage } from '../api/offer-errors';
import { useOffersContext } from '../offers-context';
import { useOffersTranslation } from '../offers-i18n';
import { translateValidationMessage } from '../offer-messages';
import './inline-sign-form.css';

type Field = 'agreed' | 'signature';
const FIELDS: readonly Field[] = ['agreed', 'signature'];

export interface InlineSignFormProps {
  offer: Offer;
  document: OfferDocument;
  onSigned: (response: OfferActionResponse) => void;
}

/**
 * spec §2 (a), §5 "Inline sign form": the required checkbox "I have read and agree to the terms and
 * conditions" and the typed name "Enter your name as the electronic signature", which must equal the
 * profile's full name exactly ("Please enter your full name"). Submit sends the inline accept.
 */
export function InlineSignForm({ offer, document, onSigned }: InlineSignFormProps) {
  const { t } = useOffersTranslation();
  const { profileName, onAccepted } = useOffersContext();
  const toast = useToast();
  const accept = useAcceptDocument();
  const [agreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const agreeId = useId();
  const agreeErrorId = useId();

  const validate = (next: { agreed: boolean; signature: string }) => {
    const found = validateInlineSignForm(next, profileName);
    return {
      agreed: translateValidationMessage(t, found.agreed),
      signature: translateValidationMessage(t, found.signature),
    };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    setTriedSubmit(true);
    setFailure(null);
    const found = validate({ agreed, signature });
    setErrors(found);
    if (focusFirstError(event.currentTarget, FIELDS, found)) return;
    // The refreshed offer can replace this form before the acceptance settles.
    settleMutation(
      accept,
      { offerId: offer.id, documentId: document.id, method: 'inline', signature: signature.trim() },
      {
        onSuccess: (response) => {
          // spec §4 "Accept success: invalidates the offers list, runs the callback, shows ...".
          onAccepted?.(response.offer);
          onSigned(response);
          // At the bottom: the signed panel is shown at the top and the toast must not cover it (issue 8 §6).
          toast.show({ message: t('toasts.acceptSuccess'), style: 'success', position: 'bottom-center' });
        },
        onError: (error) => setFailure(offerFailureMessage(t, error, 'acceptFailed')),
      },
    );
  };

  const update = (next: { agreed: boolean; signature: string }) => {
    setAgreed(next.agreed);
    setSignature(next.signature);
    // Once the candidate tried to submit, errors follow what they type.
    if (hasTriedSubmit) setErrors(validate(next));
  };

  // spec §5 "Form rules": Enter does not submit from inputs — signing is a deliberate click.
  const preventEnterSubmit = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  const typed = signature.trim();
  return (
    <form className="inline-sign" onSubmit={onSubmit} noValidate aria-labelledby="inline-sign-title">
      <h2 id="inline-sign-title" className="inline-sign__title">
        {t('letter.sign.heading')}
      </h2>
      <p className="inline-sign__intro">{t('letter.sign.intro')}</p>

      <div className={`inline-sign__agree${errors.agreed ? ' inline-sign__agree--invalid' : ''}`}>
        <input
          id={agreeId}
          name="agreed"
          type="checkbox"
          className="inline-sign__checkbox"
          checked={agreed}
          required
          aria-invalid={errors.agreed ? true : undefined}
          aria-describedby={errors.agreed ? agreeErrorId : undefined}
          onChange={(event) => update({ agreed: event.target.checked, signature })}
          onKeyDown={preventEnterSubmit}
        />
        <label htmlFor={agreeId} className="inline-sign__agree-label">
          {t('letter.sign.agree')}
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        </label>
        {errors.agreed ? (
          <p id={agreeErrorId} className="ui-field__error inline-sign__agree-error">
            {errors.agreed}
          </p>
        ) : null}
      </div>

      <TextField
        name="signature"
        label={t('letter.sign.signatureLabel')}
        // spec: the profile's full name, else "Enter your name" (in the page's language).
        placeholder={profileName ?? t('letter.sign.signaturePlaceholder')}
        value={signature}
        required
        autoComplete="name"
        spellCheck={false}
        maxLength={200}
        error={errors.signature}
        hint={
          profileName === null
            ? t('letter.sign.signatureHintUnknown')
            : translateWithBdi(t, 'letter.sign.signatureHint', { name: profileName })
        }
        onChange={(event) => update({ agreed, signature: event.target.value })}
        // spec §5 "Form rules": text inputs are trimmed on blur.
        onBlur={() => update({ agreed, signature: signature.trim() })}
        onKeyDown={preventEnterSubmit}
      />

      <div className="inline-sign__preview" aria-hidden={typed === '' ? true : undefined}>
        <span className="inline-sign__preview-label">{t('letter.sign.preview')}</span>
        <span className="inline-sign__preview-name">{typed || '\u00a0'}</span>
      </div>

      {failure ? (
        <p className="inline-sign__failure" role="alert">
          {failure}
        </p>
      ) : null}

      <Button type="submit" isLoading={accept.isPending} className="inline-sign__submit">
        {t('letter.sign.submit')}
      </Button>
    </form>
  );
}
