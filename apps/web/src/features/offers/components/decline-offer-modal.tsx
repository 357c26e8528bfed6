import {
  DECLINE_REASON_CODES,
  DECLINE_REASON_TEXT_MAX_LENGTH,
  type DeclineReasonCode,
  type Offer,
} from '@careers/contracts';
import { useId, useState, type FormEvent } from 'react';
import { settleMutation } from '../../../lib/settle-mutation';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { useDeclineOffer } from '../api/decline-offer';
import { offerFailureMessage } from '../api/offer-errors';
import { useOffersContext } from '../offers-context';
import { useOffersTranslation } from '../offers-i18n';
import './decline-offer-modal.css';

export interface DeclineOfferModalProps {
  offer: Offer;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * spec §2 (d), §4 "Decline (needs confirmation)": a confirmation with an optional reason the company sees
 * (a short list plus free text; it never blocks declining). Success invalidates the offers, returns to the
 * list and says "Successfully rejected the offer"; failure shows the server's message, else ours (§8).
 */
export function DeclineOfferModal({ offer, isOpen, onClose }: DeclineOfferModalProps) {
  const { t } = useOffersTranslation();
  const { navigate, onDeclined } = useOffersContext();
  const toast = useToast();
  const decline = useDeclineOffer();
  const [reasonCode, setReasonCode] = useState<DeclineReasonCode | null>(null);
  const [reasonText, setReasonText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const legendId = useId();
  const textId = useId();
  const hintId = useId();

  const close = () => {
    if (decline.isPending) return;
    setFailure(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decline.isPending) return;
    setFailure(null);
    const text = reasonText.trim();
    // The refreshed offer can close its letter (and this dialog) before the decline settles.
    settleMutation(
      decline,
      {
        offerId: offer.id,
        reason: { ...(reasonCode ? { reason_code: reasonCode } : {}), ...(text ? { reason_text: text } : {}) },
      },
      {
        onSuccess: (response) => {
          onDeclined?.(response.offer);
          toast.show({ message: t('toasts.declineSuccess'), style: 'success' });
          onClose();
          navigate({ name: 'list' });
        },
        onError: (error) => setFailure(offerFailureMessage(t, error, 'declineFailed')),
      },
    );
  };

  return (
    <Modal isOpen={isOpen} onClose={close} title={t('decline.title')} description={translateWithBdi(t, 'decline.text', { position: offer.position.name })}>
      <form className="decline-offer" onSubmit={onSubmit} noValidate>
        <fieldset className="decline-offer__reasons" aria-labelledby={legendId}>
          <legend id={legendId} className="decline-offer__legend">
            {t('decline.reasonLegend')}
          </legend>
          {DECLINE_REASON_CODES.map((code) => (
            <label key={code} className="decline-offer__reason">
              <input
                type="radio"
                name="reason_code"
                value={code}
                checked={reasonCode === code}
                onChange={() => setReasonCode(code)}
                disabled={decline.isPending}
              />
              <span>{t(`decline.reasons.${code}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="decline-offer__text">
          <label htmlFor={textId} className="ui-field__label">
            {t('decline.reasonText')}
          </label>
          <textarea
            id={textId}
            name="reason_text"
            className="decline-offer__textarea"
            rows={3}
            maxLength={DECLINE_REASON_TEXT_MAX_LENGTH}
            value={reasonText}
            aria-describedby={hintId}
            disabled={decline.isPending}
            onChange={(event) => setReasonText(event.target.value)}
          />
          <p id={hintId} className="ui-field__hint">
            {t('decline.reasonTextHint')}
          </p>
        </div>
        {failure ? (
          <p className="decline-offer__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="decline-offer__actions">
          <Button variant="secondary" onClick={close} disabled={decline.isPending}>
            {t('decline.cancel')}
          </Button>
          <Button type="submit" variant="danger" isLoading={decline.isPending}>
            {t('decline.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
