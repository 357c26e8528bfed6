import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { isolate, translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { useOffersTranslation } from '../offers-i18n';
import { SIGNED_UPLOAD_MAX_LABEL, checkSignedUpload, type UploadProblem } from '../signed-upload-rules';
import './signed-upload-field.css';

export interface SignedUploadFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /**
   * Bumped by the form each time it is submitted without a file: the field says what is missing and takes
   * focus (issue 8 §6: "Uploading with no file chosen does nothing"). 0: not yet.
   */
  missingSignal?: number;
}

/**
 * The single signed-letter upload of spec §2 (b) step 3: a file picker that also takes a dropped file,
 * checked on the spot (one PDF, not empty, at most 10 MB) so a wrong file never leaves the browser.
 */
export function SignedUploadField({ file, onChange, disabled = false, missingSignal = 0 }: SignedUploadFieldProps) {
  const { t } = useOffersTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  // The submit signal a chosen file answered: the "missing" message is for later signals only.
  const [answeredSignal, setAnsweredSignal] = useState(0);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [isDragging, setDragging] = useState(false);

  useEffect(() => {
    if (missingSignal !== 0 && !file) chooseRef.current?.focus();
  }, [missingSignal, file]);

  const take = async (files: File[]) => {
    const found = await checkSignedUpload(files);
    setAnsweredSignal(missingSignal);
    setProblem(found);
    onChange(found === null ? (files[0] ?? null) : null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void take(Array.from(event.dataTransfer.files));
  };

  const isMissing = !file && !problem && missingSignal !== 0 && missingSignal !== answeredSignal;
  const message = problem ? problemMessage(t, problem) : isMissing ? t('letter.steps.upload.missing') : null;
  return (
    <div className="signed-upload">
      <label htmlFor={inputId} className="ui-field__label">
        {t('letter.steps.upload.label')}
        <span className="ui-field__required" aria-hidden="true">
          {' *'}
        </span>
      </label>
      <div
        className={[
          'signed-upload__zone',
          isDragging ? 'signed-upload__zone--dragging' : '',
          message ? 'signed-upload__zone--invalid' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="signed-upload-zone"
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name="signed_offer_letter"
          accept="application/pdf,.pdf"
          className="signed-upload__input"
          // The "Choose a PDF" button is the keyboard control; the input stays for its label and drops.
          tabIndex={-1}
          required
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={[message ? errorId : '', hintId].filter(Boolean).join(' ')}
          onChange={(event) => void take(Array.from(event.target.files ?? []))}
        />
        {file ? (
          <div className="signed-upload__file">
            <PdfIcon />
            <span className="signed-upload__file-name">{file.name}</span>
            <span className="signed-upload__file-size">{formatSize(file.size)}</span>
            <Button
              variant="tertiary"
              size="sm"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              aria-label={t('letter.steps.upload.remove', { file: isolate(file.name) })}
              icon={<RemoveIcon />}
            />
          </div>
        ) : (
          <div className="signed-upload__prompt">
            <UploadIcon />
            <Button
              ref={chooseRef}
              variant="secondary"
              size="sm"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
              aria-describedby={message ? errorId : undefined}
            >
              {t('letter.steps.upload.choose')}
            </Button>
            <span className="signed-upload__drop-hint">{t('letter.steps.upload.dropHint')}</span>
          </div>
        )}
      </div>
      <p id={hintId} className="ui-field__hint">
        {t('letter.steps.upload.text', { size: SIGNED_UPLOAD_MAX_LABEL })}
      </p>
      {message ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function problemMessage(t: ReturnType<typeof useOffersTranslation>['t'], problem: UploadProblem): ReactNode {
  switch (problem.kind) {
    case 'too_many':
      return t('letter.steps.upload.atMostOneFile');
    case 'not_pdf':
      return t('letter.steps.upload.pdfOnly');
    case 'too_large':
      return translateWithBdi(t, 'letter.steps.upload.tooLarge', { file: problem.fileName }, { size: SIGNED_UPLOAD_MAX_LABEL });
    case 'empty':
      return translateWithBdi(t, 'letter.steps.upload.empty', { file: problem.fileName });
  }
}

function formatSize(bytes: number): string {
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function UploadIcon() {
  return (
    <svg className="signed-upload__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M5 14v4.5A1.5 1.5 0 006.5 20h11a1.5 1.5 0 001.5-1.5V14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function PdfIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="signed-upload__pdf-icon">
      <path d="M7 3h7l5 5v12a1 1 0 01-1 1H7a1 1 0 01-1-1V4a1 1 0 011-1z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M14 3v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

function RemoveIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
