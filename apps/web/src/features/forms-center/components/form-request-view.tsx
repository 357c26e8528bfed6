import { withoutFileContents, type FormValues } from '@careers/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormRenderer } from '../../../forms/form-renderer';
import { FormView } from '../../../forms/form-view';
import { formatDate } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { formsCenterPath } from '../../../lib/paths';
import { Badge } from '../../../ui/badge';
import { buttonClassName } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { StateView } from '../../../ui/state-view';
import { useFormRequest, type FormRequestDetail } from '../api/get-form-request';
import { useSaveFormRequest } from '../api/save-form-request';
import { useSubmitFormRequest } from '../api/submit-form-request';
import { useFormsCenterCatalogue, useFormsCenterTranslation } from '../forms-center-i18n';
import { STATUS_TONE } from './form-request-card';
import './form-request-view.css';

/** Progress is saved this long after the candidate's last change. */
export const AUTOSAVE_DELAY_MS = 1000;

/**
 * One requested form (spec §2 /careers/forms, page id formView): filled with the simple layout, progress saved
 * as the candidate types (open → in progress), submitted and judged by the server with the same engine (its
 * field errors shown on the fields); a submitted form is shown read-only (view mode).
 */
export function FormRequestView({ id, onSubmitted }: { id: string; onSubmitted: (form: FormRequestDetail) => void }) {
  useFormsCenterCatalogue();
  const { t } = useFormsCenterTranslation();
  const form = useFormRequest(id);

  if (form.isPending) {
    return (
      <div className="form-request" role="status" aria-live="polite">
        <span className="visually-hidden">{t('view.loading')}</span>
        <div aria-hidden="true" className="form-request__skeleton">
          <Skeleton height={32} width="60%" />
          <Skeleton height={18} width="40%" />
          <div className="form-request__card">
            <Skeleton lines={6} />
          </div>
        </div>
      </div>
    );
  }
  if (form.isError) {
    const isNotFound = form.error instanceof ApiError && form.error.status === 404;
    return (
      <div className="form-request">
        <BackToCenter />
        {isNotFound ? (
          <div className="form-request__missing" role="alert">
            <p>{t('view.notFound')}</p>
            <Link to={formsCenterPath()} className={buttonClassName('secondary')}>
              {t('view.openCenter')}
            </Link>
          </div>
        ) : (
          <StateView status="error" onRetry={() => void form.refetch()} />
        )}
      </div>
    );
  }
  return <LoadedForm form={form.data} onSubmitted={onSubmitted} />;
}

function BackToCenter({ tab }: { tab?: string }) {
  const { t } = useFormsCenterTranslation();
  return (
    <Link to={formsCenterPath(tab)} className="form-request__back">
      <span aria-hidden="true" className="form-request__back-arrow">
        ←
      </span>
      {t('view.back')}
    </Link>
  );
}

function LoadedForm({ form, onSubmitted }: { form: FormRequestDetail; onSubmitted: (form: FormRequestDetail) => void }) {
  const { t, i18n } = useFormsCenterTranslation();
  const isCompleted = form.status === 'completed';
  return (
    <div className="form-request">
      <BackToCenter tab={form.status} />
      <header className="form-request__header">
        <h1 className="form-request__title" dir="auto">
          {form.title}
        </h1>
        <div className="form-request__meta">
          <Badge tone={STATUS_TONE[form.status]}>{t(`status.${form.status}`)}</Badge>
          {isCompleted && form.completed_at ? (
            <span>{t('view.completedNote', { date: formatDate(form.completed_at, i18n.language) })}</span>
          ) : form.due_at ? (
            <span>{t('view.due', { date: formatDate(form.due_at, i18n.language) })}</span>
          ) : null}
        </div>
      </header>
      <div className="form-request__card">
        {isCompleted ? (
          <FormView definition={form.form} values={form.values} />
        ) : (
          <EditableForm form={form} onSubmitted={onSubmitted} />
        )}
      </div>
    </div>
  );
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

function EditableForm({ form, onSubmitted }: { form: FormRequestDetail; onSubmitted: (form: FormRequestDetail) => void }) {
  const { t } = useFormsCenterTranslation();
  const save = useSaveFormRequest(form.id);
  const submit = useSubmitFormRequest(form.id);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const pending = useRef<FormValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isSubmitting = useRef(false);
  const saveMutate = save.mutateAsync;
  // The page's heading is the form's title already.
  const definition = useMemo(() => ({ ...form.form, title: undefined }), [form.form]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    if (!values || isSubmitting.current) return;
    setSaveState('saving');
    saveMutate(withoutFileContents(values, { unsentFiles: 'keepMetadata' })).then(
      () => setSaveState(pending.current ? 'saving' : 'saved'),
      () => setSaveState('failed'),
    );
  }, [saveMutate]);
  const latestFlush = useRef(flush);
  useEffect(() => {
    latestFlush.current = flush;
  }, [flush]);
  // Leaving the page saves what is still waiting.
  useEffect(() => () => latestFlush.current(), []);

  const onValuesChange = (values: FormValues) => {
    pending.current = values;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => latestFlush.current(), AUTOSAVE_DELAY_MS);
  };

  const onSubmit = async (values: FormValues) => {
    if (timer.current) clearTimeout(timer.current);
    pending.current = null;
    isSubmitting.current = true;
    setProblem(null);
    try {
      const done = await submit.mutateAsync(values);
      onSubmitted(done);
    } catch (error) {
      isSubmitting.current = false;
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setServerErrors({ ...error.fields });
        setProblem(t('view.invalid'));
      } else {
        setProblem(error instanceof ApiError && error.status < 500 ? error.message : t('view.submitFailed'));
      }
    }
  };

  return (
    <>
      <div className="form-request__toolbar">
        <p className="form-request__intro">{t('view.intro')}</p>
        <p className={`form-request__save form-request__save--${saveState}`} role="status" aria-live="polite">
          {saveState === 'saving' ? t('view.saving') : saveState === 'saved' ? t('view.saved') : saveState === 'failed' ? t('view.saveFailed') : ''}
        </p>
      </div>
      {problem ? (
        <p className="form-request__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <FormRenderer
        definition={definition}
        defaultValues={form.values}
        serverErrors={serverErrors}
        onSubmit={onSubmit}
        onValuesChange={onValuesChange}
        ariaLabel={form.title}
        submitLabel={t('view.submit')}
      />
    </>
  );
}
