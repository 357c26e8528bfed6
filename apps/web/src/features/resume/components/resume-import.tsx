import type { ParsedResume, ResumeUploadCandidate, ResumeUploadResponse } from '@careers/contracts';
import { RESUME_ACCEPT } from '@careers/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/http';
import { dateTimeFormat, numberFormat } from '../../../lib/intl';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { useCurrentResume, useSaveResumeImport, useUploadResume } from '../api/resume-api';
import { checkResumeFile, readAsDataUrl, type ResumeFileProblem } from '../resume-file-check';
import { useResumeCatalogue, useResumeTranslation } from '../resume-i18n';
import { initialSelection, keptResume, type ReviewSelection } from '../resume-review-model';
import { ResumeReview } from './resume-review';
import './resume-import.css';

export interface ResumeSavedResult {
  /** spec §3 "Resume upload response: candidate, with location". */
  candidate: ResumeUploadCandidate;
  /** What the candidate kept and saved. */
  kept: ParsedResume;
  /** profile_edit's answer (the profile). */
  profile: unknown;
}

export interface ResumeImportProps {
  /** 'compact': a short card beside job results; 'full': the profile page's resume section. */
  variant?: 'compact' | 'full';
  /** The tenant's file upload limit (pcsxConfig.fileUploadConfig.maxFileSizeMB). */
  maxFileSizeMB: number;
  companyName: string;
  /** After the kept parts are saved: the host runs spec §4's follow-ups (profile, search, open job). */
  onSaved?: (result: ResumeSavedResult) => void;
  /** After every successful upload, saved to the profile or not. */
  onUploaded?: (response: ResumeUploadResponse) => void;
  /** Shows nothing once the candidate has a resume (the job search's invitation); the profile page shows it always. */
  isHiddenWithResume?: boolean;
}

type Stage =
  | { kind: 'closed' }
  | { kind: 'confirm'; file: File }
  | { kind: 'uploading'; file: File; phase: 'reading' | 'sending'; progress: number }
  | { kind: 'review'; response: ResumeUploadResponse; selection: ReviewSelection }
  | { kind: 'error'; message: string };

/**
 * The resume flow of spec §4 "Resume upload" with issue 11's review: a file is chosen → a confirmation is
 * shown (Cancel closes it) → it is uploaded, with progress → what was found is shown, each part with a
 * checkbox → "Save to profile" → the host is told. One component for the job search and the profile page.
 */
export function ResumeImport({ variant = 'compact', maxFileSizeMB, companyName, onSaved, onUploaded, isHiddenWithResume = false }: ResumeImportProps) {
  useResumeCatalogue();
  const { t, i18n } = useResumeTranslation();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'closed' });
  const current = useCurrentResume();
  const upload = useUploadResume();
  const save = useSaveResumeImport();

  const problemMessage = (problem: ResumeFileProblem) =>
    problem === 'tooLarge' ? t('errors.tooLarge', { maxMb: maxFileSizeMB }) : problem === 'empty' ? t('errors.empty') : t('errors.wrongType');

  const choose = () => inputRef.current?.click();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkResumeFile(file, maxFileSizeMB);
    setStage(problem ? { kind: 'error', message: problemMessage(problem) } : { kind: 'confirm', file });
  };

  const start = async (file: File) => {
    setStage({ kind: 'uploading', file, phase: 'reading', progress: 0 });
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file, (fraction) => setStage({ kind: 'uploading', file, phase: 'reading', progress: fraction }));
    } catch {
      setStage({ kind: 'error', message: t('errors.unreadable') });
      return;
    }
    setStage({ kind: 'uploading', file, phase: 'sending', progress: 1 });
    try {
      const response = await upload.mutateAsync({ fileName: file.name, dataUrl });
      onUploaded?.(response);
      setStage({ kind: 'review', response, selection: initialSelection(response.parsed) });
    } catch (error) {
      // The server's refusal says what is wrong with the file (T07); other failures get our words.
      const message = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : t('errors.upload');
      setStage({ kind: 'error', message });
    }
  };

  const saveKept = async (response: ResumeUploadResponse, selection: ReviewSelection) => {
    const kept = keptResume(response.parsed, selection);
    try {
      const profile = await save.mutateAsync(kept);
      setStage({ kind: 'closed' });
      toast.show({ message: t('saved.toast'), style: 'success' });
      onSaved?.({ candidate: response.candidate, kept, profile });
    } catch (error) {
      // spec §8 "Profile edit": 422 → "Invalid request received. Please try again"; otherwise the generic words.
      toast.show({ message: error instanceof ApiError && error.status === 422 ? t('errors.invalid') : t('errors.save'), style: 'error' });
    }
  };

  const close = () => {
    if (stage.kind === 'uploading' || save.isPending) return;
    setStage({ kind: 'closed' });
  };

  const resume = current.data ?? null;
  if (isHiddenWithResume && stage.kind === 'closed' && (resume !== null || current.isPending)) return null;
  const uploadedWhen = resume ? dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(resume.uploadedAt)) : null;

  return (
    <Card className={`resume-import resume-import--${variant}`} padding={variant === 'full' ? 'lg' : 'md'} aria-labelledby={`${inputId}-title`}>
      <div className="resume-import__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path d="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          <path d="M14 3v5h5M9 13h6M9 16.5h6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </div>
      <div className="resume-import__text">
        <h2 id={`${inputId}-title`} className="resume-import__title">
          {t('card.title')}
        </h2>
        <p className="resume-import__body">
          {resume && uploadedWhen ? translateWithBdi(t, 'card.bodyHasResume', { fileName: resume.fileName }, { when: uploadedWhen }) : t('card.body')}
        </p>
        <p id={hintId} className="resume-import__hint">
          {t('card.hint', { maxMb: maxFileSizeMB })} · {translateWithBdi(t, 'card.privacy', { company: companyName })}
        </p>
      </div>
      <div className="resume-import__action">
        <input ref={inputRef} id={inputId} type="file" accept={RESUME_ACCEPT} className="resume-import__input" onChange={onFile} tabIndex={-1} aria-hidden="true" />
        <Button variant={resume ? 'secondary' : 'primary'} onClick={choose} aria-describedby={hintId}>
          {resume ? t('card.chooseAgain') : t('card.choose')}
        </Button>
      </div>

      <Modal
        isOpen={stage.kind !== 'closed'}
        onClose={close}
        closeOnBackdrop={stage.kind === 'confirm' || stage.kind === 'error'}
        size={stage.kind === 'review' ? 'lg' : 'sm'}
        title={
          stage.kind === 'confirm'
            ? t('confirm.title')
            : stage.kind === 'uploading'
              ? t('progress.title')
              : stage.kind === 'review'
                ? t('review.title')
                : t('errors.title')
        }
      >
        {stage.kind === 'confirm' ? (
          <div className="resume-flow">
            <p className="resume-flow__lead">{t('confirm.body')}</p>
            <dl className="resume-flow__file">
              <div>
                <dt>{t('confirm.file')}</dt>
                <dd className="resume-flow__file-name">{stage.file.name}</dd>
              </div>
              <div>
                <dt>{t('confirm.size')}</dt>
                <dd>{fileSize(stage.file.size, i18n.language)}</dd>
              </div>
            </dl>
            <div className="resume-flow__actions">
              <Button variant="tertiary" onClick={close}>
                {t('confirm.cancel')}
              </Button>
              <Button onClick={() => void start(stage.file)}>{t('confirm.upload')}</Button>
            </div>
          </div>
        ) : null}
        {stage.kind === 'uploading' ? (
          <div className="resume-flow" role="status" aria-live="polite">
            <p className="resume-flow__lead">{stage.phase === 'reading' ? translateWithBdi(t, 'progress.preparing', { fileName: stage.file.name }) : translateWithBdi(t, 'progress.uploading', { fileName: stage.file.name })}</p>
            {stage.phase === 'reading' ? (
              <progress className="resume-flow__progress" max={1} value={stage.progress} aria-label={t('progress.label')} />
            ) : (
              <progress className="resume-flow__progress" aria-label={t('progress.label')} />
            )}
          </div>
        ) : null}
        {stage.kind === 'review' ? (
          <ResumeReview
            parsed={stage.response.parsed}
            selection={stage.selection}
            onChange={(selection) => setStage({ ...stage, selection })}
            onSave={() => void saveKept(stage.response, stage.selection)}
            onCancel={close}
            isSaving={save.isPending}
          />
        ) : null}
        {stage.kind === 'error' ? (
          <div className="resume-flow">
            <p className="resume-flow__error" role="alert">
              {stage.message}
            </p>
            <div className="resume-flow__actions">
              <Button variant="tertiary" onClick={close}>
                {t('confirm.cancel')}
              </Button>
              <Button
                onClick={() => {
                  setStage({ kind: 'closed' });
                  choose();
                }}
              >
                {t('errors.tryAgain')}
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}

function fileSize(bytes: number, locale: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte' | 'byte') =>
    numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1048576) return format(bytes / 1048576, 'megabyte');
  if (bytes >= 1024) return format(bytes / 1024, 'kilobyte');
  return format(bytes, 'byte');
}
