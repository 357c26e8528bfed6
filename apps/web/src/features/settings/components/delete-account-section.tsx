import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './settings.css';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Issue 11 "Delete my account": says what goes and what the company keeps before anything happens; the
 * button opens a dialog that asks for the email or password, so one click can never delete. `onDeleted`
 * runs once the account is gone (the session with it).
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [isOpen, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const mutation = useDeleteAccount();

  const close = () => {
    if (mutation.isPending) return;
    setOpen(false);
    setConfirmation('');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmation.trim()) {
      setError(t('deleteAccount.errors.required'));
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(
      { confirmation },
      {
        onSuccess: () => {
          setOpen(false);
          onDeleted();
        },
        onError: (failure) => {
          const isMismatch = failure instanceof ApiError && failure.fields?.confirmation !== undefined;
          setError(isMismatch ? t('deleteAccount.errors.mismatch') : errorMessage(t, failure));
          inputRef.current?.focus();
        },
      },
    );
  };

  return (
    <div className="settings-danger">
      <p className="settings-danger__lead">{t('deleteAccount.intro')}</p>
      <div className="settings-danger__lists">
        <div>
          <h3 className="settings-danger__subtitle">{t('deleteAccount.removedTitle')}</h3>
          <p>{t('deleteAccount.removed')}</p>
        </div>
        <div>
          <h3 className="settings-danger__subtitle">{t('deleteAccount.keptTitle')}</h3>
          <p>{t('deleteAccount.kept')}</p>
        </div>
      </div>
      <p className="settings-danger__hint">{t('deleteAccount.hint')}</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('deleteAccount.open')}
        </Button>
      </div>
      <Modal isOpen={isOpen} onClose={close} title={t('deleteAccount.dialogTitle')} description={t('deleteAccount.dialogText')} size="sm" initialFocusRef={inputRef} closeOnBackdrop={false}>
        <form className="settings-form" onSubmit={onSubmit} noValidate>
          <TextField
            ref={inputRef}
            name="confirmation"
            type="text"
            autoComplete="off"
            spellCheck={false}
            label={t('deleteAccount.confirmation')}
            value={confirmation}
            error={error}
            required
            onChange={(event) => {
              setConfirmation(event.target.value);
              setError(undefined);
            }}
          />
          <div className="settings-danger__actions">
            <Button type="button" variant="secondary" onClick={close} disabled={mutation.isPending}>
              {t('deleteAccount.cancel')}
            </Button>
            <Button type="submit" variant="danger" isLoading={mutation.isPending} disabled={confirmation.trim() === ''}>
              {t('deleteAccount.confirm')}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
