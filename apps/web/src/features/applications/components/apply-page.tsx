import {
  ApplyMessages,
  isDisplayOnlyItem,
  type ApplicationSummary,
  type FormDefinition,
  type FormValues,
  type UploadedFileEntry,
} from '@careers/contracts';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormRenderer, type FormHandle } from '../../../forms/form-renderer';
import { useAuthModal } from '../../../lib/auth-modal';
import { useBootData } from '../../../lib/boot-data';
import { errorMessage } from '../../../lib/errors';
import { readFormCopy, removeFormCopy } from '../../../lib/form-copies';
import { ApiError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useDeferredFirstValue } from '../../../lib/use-deferred-first-value';
import { isolate, translateWithBdi } from '../../../ui/bdi';
import { Button, buttonClassName } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { StateView } from '../../../ui/state-view';
import { useApplyForm, type LoadedApplyForm } from '../api/get-apply-form';
import { parseResumeIntoForm } from '../api/parse-resume';
import { useSubmitApplication } from '../api/submit-application';
import { useApplyCatalogue, useApplyTranslation } from '../applications-i18n';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { ApplyJobs } from './apply-jobs';
import { ApplySuccess } from './apply-success';
import { AutosaveStatusText } from './autosave-status';
import './apply-page.css';

export interface ApplyPageProps {
  /** The jobs of `?pid=`; empty when the address names none (or nothing readable). */
  positionIds: readonly number[];
  /** Another set of jobs (one removed from the batch): the page's address follows. */
  onPositionIdsChange: (ids: number[]) => void;
  jobHref: (id: number) => string;
  searchHref: string;
  /** Where the candidate follows their applications; null where that screen does not exist. */
  applicationsHref: string | null;
}

/** The tab's copy of an application in progress: one per site, for the jobs it names. */
const copyKeyFor = (domain: string): string => `apply:${domain}`;

/** What reading a chosen resume did to the form, said quietly beside Submit. */
type ResumeFill = { state: 'reading' } | { state: 'filled'; count: number } | { state: 'none' } | { state: 'failed' };

/** The newly chosen file of the resume field (read in the browser, not the stored resume), if any. */
function chosenResume(value: unknown): UploadedFileEntry | null {
  if (!Array.isArray(value)) return null;
  const entries = value as UploadedFileEntry[];
  return entries.find((entry) => typeof entry?.content === 'string' && entry.content !== '' && entry.status === 'done') ?? null;
}

type Notice = { kind: 'alreadyApplied'; message: string } | { kind: 'signIn'; message: string } | { kind: 'error'; message: string };

/**
 * The form as the candidate sees it: the site's title dropped (the page has its heading), a question one job of
 * several asked says which, and questions a returning candidate has not answered before count as new (spec §4
 * new-question badge).
 */
function presentDefinition(form: LoadedApplyForm, t: TFunction): FormDefinition | null {
  const definition = form.definition;
  if (!definition) return null;
  const isMultiJob = form.positions.length > 1;
  const isReturning = Object.values(form.prefilledFrom).includes('application');
  return {
    ...definition,
    title: undefined,
    sections: definition.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => {
        const forJobs = isMultiJob && item.positionTitle ? t('questionFor', { titles: isolate(item.positionTitle) }) : null;
        const isNew = item.newItem === true || (isReturning && item.name !== undefined && !isDisplayOnlyItem(item) && form.prefilledFrom[item.name] === undefined);
        return {
          ...item,
          newItem: isNew,
          description: forJobs ? [forJobs, item.description].filter(Boolean).join(' — ') : item.description,
        };
      }),
    })),
  };
}

/** A field filled from the candidate's resume says so under its label (until they change it). */
function markFromResume(definition: FormDefinition, filled: ReadonlyMap<string, string>, hint: string): FormDefinition {
  if (filled.size === 0) return definition;
  return {
    ...definition,
    sections: definition.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => (item.name !== undefined && filled.has(item.name) ? { ...item, description: [item.description, hint].filter(Boolean).join(' — ') } : item)),
    })),
  };
}

/**
 * spec §2 /careers/apply: the jobs being applied to, the application form as a stepper, autosaved drafts, and
 * Submit; from the cart, one form for several jobs and one application per job (issue 9).
 */
export function ApplyPage({ positionIds, onPositionIdsChange, jobHref, searchHref, applicationsHref }: ApplyPageProps) {
  useApplyCatalogue();
  const { t } = useApplyTranslation();
  const session = useSession();
  const { tenant } = useBootData();
  const authModal = useAuthModal();
  const query = useApplyForm(positionIds);
  const submit = useSubmitApplication();
  const [submitted, setSubmitted] = useState<ApplicationSummary[] | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // What the candidate has typed, carried into the next form when a job leaves the batch.
  const latestValues = useRef<FormValues | null>(null);
  const [carried, setCarried] = useState<FormValues | null>(null);
  const formHandle = useRef<FormHandle | null>(null);
  // Issue 9 "the resume parsed into the form": each chosen file is read once.
  const parsedFiles = useRef(new Set<string>());
  const [resumeFill, setResumeFill] = useState<ResumeFill | null>(null);

  // The form (every section, every field) is first rendered as a transition React slices: as one task it blocked a
  // phone's main thread for 500 ms (P6 TBT). The skeleton stays until then.
  const data = useDeferredFirstValue(query.data);
  const copyKey = copyKeyFor(tenant.domain);
  const openIds = useMemo(() => data?.positions.map((position) => position.id) ?? [], [data]);
  // Logged-out apply keeps no server draft (there is no candidate to keep it for): the tab's copy alone.
  const isServerDraft = session.isLoggedIn;
  const autosave = useDraftAutosave({ positionIds: openIds, copyKey, isServerDraft, savedAt: data?.draftUpdatedAt ?? null });

  // Fields filled from a chosen resume, with the value put there: each says so until the candidate changes it.
  const [fromResume, setFromResume] = useState<ReadonlyMap<string, string>>(new Map());
  const presented = useMemo(() => (data ? presentDefinition(data, t) : null), [data, t]);
  const definition = useMemo(() => (presented ? markFromResume(presented, fromResume, t('resumeFill.fieldHint')) : null), [presented, fromResume, t]);
  const defaultValues = useMemo(() => {
    if (!data) return undefined;
    const copy = readFormCopy(copyKey);
    const isSameApplication = copy !== null && copy.scope.some((id) => openIds.includes(Number(id)));
    return { ...data.values, ...(isSameApplication ? copy.values : {}), ...(carried ?? {}) };
  }, [data, copyKey, openIds, carried]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const resumeField = data?.resumeField ?? null;
  /**
   * A resume chosen in the form's resume field fills the fields still empty from what the server reads in it;
   * nothing the candidate typed or was prefilled with changes. A failure is only a quiet note: the file is
   * attached all the same, and applying never waits on it.
   */
  const fillFromResume = useCallback(
    async (entry: UploadedFileEntry) => {
      if (parsedFiles.current.has(entry.uid)) return;
      parsedFiles.current.add(entry.uid);
      setResumeFill({ state: 'reading' });
      try {
        const values = await parseResumeIntoForm({ fileName: entry.name, dataUrl: `data:${entry.type || 'application/octet-stream'};base64,${entry.content ?? ''}`, positionIds: openIds });
        const handle = formHandle.current;
        // The candidate may have removed the file meanwhile: then nothing of it is used.
        const stillChosen = handle !== null && resumeField !== null && chosenResume(handle.getValues()[resumeField])?.uid === entry.uid;
        if (!handle || !stillChosen) {
          setResumeFill(null);
          return;
        }
        const filled = handle.fillEmpty(values);
        if (filled.length > 0) {
          const now = handle.getValues();
          setFromResume((previous) => new Map([...previous, ...filled.map((name) => [name, JSON.stringify(now[name])] as const)]));
        }
        setResumeFill(filled.length > 0 ? { state: 'filled', count: filled.length } : { state: 'none' });
      } catch {
        setResumeFill({ state: 'failed' });
      }
    },
    [openIds, resumeField],
  );

  const onValuesChange = useCallback(
    (values: FormValues, changedField?: string) => {
      latestValues.current = values;
      autosave.onChange(values);
      const changed = changedField?.split('.')[0];
      if (changed !== undefined && fromResume.has(changed) && JSON.stringify(values[changed]) !== fromResume.get(changed)) {
        setFromResume((previous) => {
          const next = new Map(previous);
          next.delete(changed);
          return next;
        });
      }
      if (resumeField !== null && changedField === resumeField) {
        const entry = chosenResume(values[resumeField]);
        if (entry) void fillFromResume(entry);
      }
    },
    [autosave, resumeField, fillFromResume, fromResume],
  );

  const removeJob = (id: number) => {
    setCarried(latestValues.current);
    setNotice(null);
    onPositionIdsChange(openIds.filter((openId) => openId !== id));
  };

  const onSubmit = async (values: FormValues) => {
    setNotice(null);
    setServerErrors(undefined);
    try {
      const result = await submit.mutateAsync({ positionIds: openIds, values });
      autosave.stop();
      removeFormCopy(copyKey);
      setSubmitted(result.applications);
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setNotice({ kind: 'error', message: t('errors.submitFailed') });
        return;
      }
      if (error.status === 409) {
        setNotice(session.isLoggedIn ? { kind: 'alreadyApplied', message: error.message } : { kind: 'signIn', message: t('errors.signInToApply') });
        return;
      }
      const { position_ids: positionsError, ...fieldErrors } = error.fields;
      if (positionsError) {
        setNotice({ kind: 'error', message: t('errors.positionsUnavailable') });
        void query.refetch();
      } else if (Object.keys(fieldErrors).length === 0) {
        setNotice({ kind: 'error', message: error.status === 0 ? t('errors.offline') : errorMessage(t, error) });
      }
      if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
    }
  };

  if (submitted) return <ApplySuccess applications={submitted} applicationsHref={session.isLoggedIn ? applicationsHref : null} searchHref={searchHref} />;

  if (positionIds.length === 0) {
    return <ApplyState title={t('states.noJob.title')} text={t('states.noJob.text')} action={<Link className={buttonClassName('primary')} to={searchHref}>{t('states.browse')}</Link>} />;
  }
  if (query.isPending || (query.data && !data)) return <ApplySkeleton label={t('states.loading')} />;
  if (query.isError && !data) {
    return (
      <div className="apply">
        <StateView status="error" message={errorMessage(t, query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!data) return null;

  if (data.positions.length === 0) {
    return (
      <ApplyState
        title={t('states.closed.title', { count: positionIds.length })}
        text={t('states.closed.text', { count: positionIds.length })}
        action={<Link className={buttonClassName('primary')} to={searchHref}>{t('states.browse')}</Link>}
      />
    );
  }
  const alreadyApplied = new Set(data.alreadyAppliedPositionIds);
  const [onlyJob] = data.positions;
  if (data.positions.length === 1 && onlyJob && alreadyApplied.has(onlyJob.id)) {
    return (
      <ApplyState
        title={t('states.applied.title')}
        text={ApplyMessages.alreadyApplied([onlyJob.name])}
        action={
          <>
            {applicationsHref ? <Link className={buttonClassName('primary')} to={applicationsHref}>{t('success.toApplications')}</Link> : null}
            <Link className={buttonClassName(applicationsHref ? 'secondary' : 'primary')} to={searchHref}>{t('states.browse')}</Link>
          </>
        }
      />
    );
  }
  if (!definition) return <ApplyState title={t('states.formBroken.title')} text={t('states.formBroken.text')} />;

  const isMultiJob = data.positions.length > 1;
  const formKey = openIds.join(',');

  return (
    <div className="apply">
      <header className="apply__header">
        <p className="apply__eyebrow" dir="auto">
          {tenant.config.pcsxConfig.branding.companyName}
        </p>
        <h1 className="apply__title">{isMultiJob ? t('title.many', { count: data.positions.length }) : translateWithBdi(t, 'title.one', { title: onlyJob?.name ?? '' })}</h1>
        <p className="apply__lede">{isServerDraft ? t('lede.signedIn') : t('lede.signedOut')}</p>
      </header>
      <ApplyJobs positions={data.positions} alreadyAppliedIds={alreadyApplied} jobHref={jobHref} onRemove={removeJob} isBusy={query.isFetching || submit.isPending} />
      {data.invalidPositionIds.length > 0 ? <p className="apply-note">{t('states.someClosed', { count: data.invalidPositionIds.length })}</p> : null}
      {isMultiJob && alreadyApplied.size > 0 ? <p className="apply-note apply-note--warning">{t('states.someApplied', { count: alreadyApplied.size })}</p> : null}
      {notice ? (
        <div className={`apply-notice apply-notice--${notice.kind}`} role="alert" tabIndex={-1} ref={noticeRef}>
          <p className="apply-notice__text">{notice.message}</p>
          {notice.kind === 'alreadyApplied' && applicationsHref ? (
            <Link className="apply-notice__link" to={applicationsHref}>
              {t('success.toApplications')}
            </Link>
          ) : null}
          {notice.kind === 'signIn' ? (
            <Button variant="secondary" size="sm" onClick={() => authModal.open()}>
              {t('signIn')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <FormRenderer
        key={formKey}
        layout="stepper"
        definition={definition}
        defaultValues={defaultValues}
        onSubmit={onSubmit}
        onValuesChange={onValuesChange}
        serverErrors={serverErrors}
        ariaLabel={t('formLabel')}
        submitLabel={isMultiJob ? t('submit.many', { count: data.positions.length }) : t('submit.one')}
        handleRef={formHandle}
        status={
          <div className="apply-status">
            {/* Present from the start where the form has a resume field, so a screen reader hears each change (politely). */}
            {resumeField !== null ? (
              <p className="apply-resume-fill" role="status">
                {resumeFill ? resumeFillText(resumeFill, t) : null}
              </p>
            ) : null}
            <AutosaveStatusText status={autosave.status} isServerDraft={isServerDraft} />
          </div>
        }
      />
    </div>
  );
}

function resumeFillText(fill: ResumeFill, t: TFunction): string {
  switch (fill.state) {
    case 'reading':
      return t('resumeFill.reading');
    case 'filled':
      return t('resumeFill.filled', { count: fill.count });
    case 'none':
      return t('resumeFill.none');
    case 'failed':
      return t('resumeFill.failed');
  }
}

function ApplyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <section className="apply apply-state" aria-labelledby="apply-state-title">
      <h1 id="apply-state-title" className="apply-state__title">
        {title}
      </h1>
      <p className="apply-state__text">{text}</p>
      {action ? <div className="apply-state__actions">{action}</div> : null}
    </section>
  );
}

/** The page's shape while the form loads: the job card, the step list and the first section. */
function ApplySkeleton({ label }: { label: string }) {
  return (
    <div className="apply apply--loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="apply__header">
        <Skeleton width="30%" />
        <Skeleton height={32} width="70%" />
      </div>
      <div className="apply-jobs">
        <Skeleton lines={2} />
      </div>
      <div className="apply-skeleton">
        <div className="apply-skeleton__steps">
          <Skeleton lines={5} />
        </div>
        <div className="apply-skeleton__section">
          <Skeleton lines={8} />
        </div>
      </div>
    </div>
  );
}
