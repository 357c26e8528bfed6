import type { ProfileEditBody } from '@careers/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { profileEditError, useProfileEdit } from '../api/profile';
import { useProfileTranslation } from '../profile-i18n';
import { FieldSet, type FieldSpec, type FormValues } from './field-set';

interface EditorFormProps {
  fields: readonly FieldSpec[];
  initial: FormValues;
  /** The edit to send for these values. */
  toBody: (values: FormValues) => ProfileEditBody;
  onDone: () => void;
  /** Names the form for assistive technology ("Edit Work experience"). */
  label: string;
}

/**
 * An in-place editor: its fields, Save and Cancel. Save sends one profile_edit and closes on success; a refusal
 * shows spec §8's message above the fields and each field's own message beside it, and keeps what was typed.
 */
export function EditorForm({ fields, initial, toBody, onDone, label }: EditorFormProps) {
  const { t } = useProfileTranslation();
  const toast = useToast();
  const edit = useProfileEdit();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    edit.mutate(
      { body: toBody(values) },
      {
        onSuccess: () => {
          toast.show({ message: t('saved'), style: 'success' });
          onDone();
        },
        onError: (error) => {
          const failure = profileEditError(error);
          setErrors(failure.fields);
          setMessage(failure.kind === 'invalid' ? t('errors.invalid') : t('errors.generic'));
          requestAnimationFrame(() => alertRef.current?.focus());
        },
      },
    );
  };

  return (
    <form className="profile-form" aria-label={label} onSubmit={submit} noValidate>
      {message ? (
        <p ref={alertRef} tabIndex={-1} role="alert" className="profile-form__alert">
          {message}
        </p>
      ) : null}
      <FieldSet
        fields={fields}
        values={values}
        errors={errors}
        onChange={(name, value) => {
          setValues((current) => ({ ...current, [name]: value }));
          setErrors(({ [name]: _cleared, ...rest }) => rest);
        }}
      />
      <div className="profile-form__actions">
        <Button type="submit" size="sm" disabled={edit.isPending} aria-busy={edit.isPending || undefined}>
          {edit.isPending ? t('actions.saving') : t('actions.save')}
        </Button>
        <Button type="button" size="sm" variant="tertiary" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Form text → the profile's value: trimmed, empty as null. */
export const textOrNull = (value: string | boolean | undefined): string | null => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
};
