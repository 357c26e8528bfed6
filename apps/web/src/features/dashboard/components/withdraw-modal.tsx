import type { ApplicationSummary } from '@careers/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/http';
import { settleMutation } from '../../../lib/settle-mutation';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { useWithdrawApplication } from '../api/applications';
import { useDashboardTranslation } from '../dashboard-i18n';

/** The server keeps at most this much of a withdrawal reason (applications.routes.ts). */
const REASON_MAX_LENGTH = 500;

export interface WithdrawModalProps {
  application: ApplicationSummary;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Withdraw with confirmation (issue 11): it cannot be undone, so it is said plainly and the safe choice comes
 * first. The optional reason goes to the hiring team. Failure keeps the dialog open with the server's reason.
 */
export function WithdrawModal({ application, isOpen, onClose }: WithdrawModalProps) {
  const { t } = useDashboardTranslation();
  const toast = useToast();
  const withdraw = useWithdrawApplication();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const hintId = useId();

  const close = () => {
    if (withdraw.isPending) return;
    setFailure(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    setFailure(null);
    // The refreshed list can move the card (and this dialog) to the past applications before this settles.
    settleMutation(
      withdraw,
      { applicationId: application.id, reason },
      {
        onSuccess: () => {
          toast.show({ message: t('applications.withdrawn'), style: 'success' });
          onClose();
        },
        onError: (error) => setFailure(error instanceof ApiError && error.status < 500 ? error.message : t('applications.withdrawFailed')),
      },
    );
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      size="sm"
      title={t('applications.withdrawTitle')}
      description={translateWithBdi(t, 'applications.withdrawText', { position: application.position.name })}
    >
      <form className="withdraw-form" onSubmit={onSubmit} noValidate>
        <div className="withdraw-form__field">
          <label htmlFor={reasonId} className="ui-field__label">
            {t('applications.withdrawReason')}
          </label>
          <textarea
            id={reasonId}
            className="withdraw-form__textarea"
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            aria-describedby={hintId}
            disabled={withdraw.isPending}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={hintId} className="ui-field__hint">
            {t('applications.withdrawReasonHint')}
          </p>
        </div>
        {failure ? (
          <p className="withdraw-form__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="withdraw-form__actions">
          <Button variant="secondary" onClick={close} disabled={withdraw.isPending}>
            {t('applications.withdrawKeep')}
          </Button>
          <Button type="submit" variant="danger" isLoading={withdraw.isPending}>
            {t('applications.withdrawConfirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
