import { DEFAULT_ALLOWED_FILE_TYPES, type UploadedFileEntry } from '@careers/contracts';
import { useRef, type ChangeEvent } from 'react';
import { dateTimeFormat, numberFormat } from '../../lib/intl';
import { isolate, translateWithBdi } from '../../ui/bdi';
import { Button } from '../../ui/button';
import { useFormsTranslation } from '../forms-i18n';
import { ControlledField, type FieldProps } from './field-frame';

let nextUid = 0;

/**
 * A chosen file as the form holds it (spec §3 uploaded file entry): its content as base64, status done once
 * read (error when the browser could not read it; the engine then says "File could not be uploaded.").
 */
export function readFileEntry(file: File): Promise<UploadedFileEntry> {
  nextUid += 1;
  const entry: UploadedFileEntry = {
    uid: `file-${Date.now()}-${nextUid}`,
    name: file.name,
    size: file.size,
    type: file.type,
    lastModified: file.lastModified,
    webkitRelativePath: file.webkitRelativePath,
    status: 'done',
  };
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = typeof reader.result === 'string' ? reader.result : '';
      resolve({ ...entry, content: dataUrl.slice(dataUrl.indexOf(',') + 1) });
    };
    reader.onerror = () => resolve({ ...entry, status: 'error' });
    reader.readAsDataURL(file);
  });
}

function asEntries(value: unknown): UploadedFileEntry[] {
  return Array.isArray(value) ? (value as UploadedFileEntry[]) : [];
}

/**
 * The candidate's current stored resume as the apply form prefills it (prefilledFrom 'resume'): a reference by
 * fileId with no content, and the date it was uploaded. A submit keeping it attaches that file server-side.
 */
export function storedUploadedAt(entry: UploadedFileEntry): string | null {
  const record = entry as unknown as Record<string, unknown>;
  return record.content === undefined && typeof record.fileId === 'string' && typeof record.uploadedAt === 'string' ? record.uploadedAt : null;
}

/**
 * file_upload and fileUpload: files read in the browser into base64 entries (the server checks them again:
 * count, size from the content, extension, and the upload path's magic bytes). Judged as soon as files are
 * chosen or removed.
 */
export function FileUploadField({ item, name }: FieldProps) {
  const { t, i18n } = useFormsTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  /** "Use a different file": the next chosen file takes the stored resume's place. */
  const replacing = useRef(false);
  const allowed = (item.fileUploadOptions?.allowedTypes ?? DEFAULT_ALLOWED_FILE_TYPES).map((type) => `.${type.replace(/^\./, '').toLowerCase()}`);
  const maxFiles = item.rules?.find((rule) => rule.type === 'maxLength')?.value;

  return (
    <ControlledField
      item={item}
      name={name}
      render={(field, { inputId, describedBy, isInvalid }) => {
        const entries = asEntries(field.value);
        const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          const replace = replacing.current;
          replacing.current = false;
          if (chosen.length === 0) return;
          const read = await Promise.all(chosen.map(readFileEntry));
          const kept = replace ? entries.filter((entry) => storedUploadedAt(entry) === null) : entries;
          field.onChange(maxFiles === 1 ? read.slice(0, 1) : [...kept, ...read]);
          field.onBlur();
        };
        const hasStored = entries.some((entry) => storedUploadedAt(entry) !== null);
        return (
          <div className="form-files">
            <input
              ref={(element) => {
                input.current = element;
                field.ref(element);
              }}
              id={inputId}
              type="file"
              // The stored resume is the answer already: the picker stays for "Use a different file" (and focus on error).
              className={hasStored ? 'form-files__input form-visually-hidden' : 'form-files__input'}
              // Out of the tab order while hidden: "Use a different file" is the keyboard's way to it.
              tabIndex={hasStored ? -1 : undefined}
              accept={allowed.join(',')}
              multiple={maxFiles !== 1}
              onChange={(event) => void onChoose(event)}
              disabled={item.disabled}
              required={item.required && entries.length === 0}
              aria-invalid={isInvalid || undefined}
              aria-describedby={describedBy}
            />
            <p className="ui-field__hint">{t('files.allowed', { types: allowed.join(', ') })}</p>
            {entries.length > 0 ? (
              <ul className="form-files__list">
                {entries.map((entry) => {
                  const uploadedAt = storedUploadedAt(entry);
                  return (
                  <li key={entry.uid} className="form-files__item">
                    <span>
                      {translateWithBdi(t, 'files.entry', { name: entry.name }, { size: numberFormat(i18n.language).format(Math.max(1, Math.round(entry.size / 1024))) })}
                      {uploadedAt !== null ? (
                        <>
                          {' '}
                          <span className="ui-field__hint">{t('files.stored', { date: dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(uploadedAt)) })}</span>
                        </>
                      ) : null}
                    </span>
                    {uploadedAt !== null ? (
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        onClick={() => {
                          replacing.current = true;
                          input.current?.click();
                        }}
                      >
                        {t('files.useDifferent')}
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => {
                        field.onChange(entries.filter((other) => other.uid !== entry.uid));
                        field.onBlur();
                        input.current?.focus();
                      }}
                      aria-label={t('files.remove', { name: isolate(entry.name) })}
                    >
                      {t('actions.remove')}
                    </Button>
                  </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        );
      }}
    />
  );
}
