import type { ParsedResume } from '@careers/contracts';
import { useId } from 'react';
import { dateTimeFormat } from '../../../lib/intl';
import { isolate } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { useResumeTranslation } from '../resume-i18n';
import { hasContact, isEmptyResume, selectedCount, type ReviewSelection } from '../resume-review-model';

export interface ResumeReviewProps {
  parsed: ParsedResume;
  selection: ReviewSelection;
  onChange: (selection: ReviewSelection) => void;
  onSave: () => void;
  onCancel: () => void;
  isSaving: boolean;
}

/** "YYYY-MM" → "Mar 2021" in the reader's language. */
function month(value: string | null, locale: string): string | null {
  if (!value) return null;
  const [year, monthNumber] = value.split('-').map(Number) as [number, number];
  return dateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/**
 * What the parser found, each part with a checkbox and skills as chips to keep or leave out (issue 11). The
 * counts in the Save button say what will be saved; nothing is saved until it is pressed.
 */
export function ResumeReview({ parsed, selection, onChange, onSave, onCancel, isSaving }: ResumeReviewProps) {
  const { t, i18n } = useResumeTranslation();
  const locale = i18n.language;
  const idPrefix = useId();
  const count = selectedCount(parsed, selection);
  const period = (start: string | null, end: string | null, isCurrent: boolean) =>
    [month(start, locale), isCurrent ? t('review.present') : month(end, locale)].filter(Boolean).join(' – ');

  if (isEmptyResume(parsed)) {
    return (
      <div className="resume-flow">
        <p className="resume-flow__lead">{t('review.nothing')}</p>
        <div className="resume-flow__actions">
          <Button onClick={onCancel}>{t('review.notNow')}</Button>
        </div>
      </div>
    );
  }

  const check = (key: string, label: string, isChecked: boolean, toggle: (value: boolean) => void, detail?: string | null) => (
    <label key={key} className="resume-review__option" htmlFor={`${idPrefix}-${key}`}>
      <input id={`${idPrefix}-${key}`} type="checkbox" checked={isChecked} onChange={(event) => toggle(event.target.checked)} />
      <span className="resume-review__option-text">
        <span className="resume-review__option-title">{label}</span>
        {detail ? <span className="resume-review__option-detail">{detail}</span> : null}
      </span>
    </label>
  );

  const contact = parsed.contact;
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');

  return (
    <form
      className="resume-review"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isSaving && count > 0) onSave();
      }}
    >
      <p className="resume-flow__lead">{t('review.intro')}</p>
      <div className="resume-review__sections">
        {hasContact(parsed) ? (
          <fieldset className="resume-review__section">
            <legend>{t('review.contact')}</legend>
            {check('contact', name || contact.email || '', selection.contact, (value) => onChange({ ...selection, contact: value }), [contact.headline, contact.email, contact.phone].filter(Boolean).join(' · '))}
          </fieldset>
        ) : null}
        {parsed.location ? (
          <fieldset className="resume-review__section">
            <legend>{t('review.location')}</legend>
            {check('location', parsed.location, selection.location, (value) => onChange({ ...selection, location: value }))}
          </fieldset>
        ) : null}
        {parsed.workExperience.length > 0 ? (
          <fieldset className="resume-review__section">
            <legend>{t('review.jobs')}</legend>
            {parsed.workExperience.map((job, index) =>
              check(
                `job-${index}`,
                `${job.title} · ${job.company}`,
                selection.jobs[index] === true,
                (value) => onChange({ ...selection, jobs: selection.jobs.map((kept, at) => (at === index ? value : kept)) }),
                [period(job.startDate, job.endDate, job.isCurrent), job.location].filter(Boolean).join(' · '),
              ),
            )}
          </fieldset>
        ) : null}
        {parsed.education.length > 0 ? (
          <fieldset className="resume-review__section">
            <legend>{t('review.schools')}</legend>
            {parsed.education.map((school, index) =>
              check(
                `school-${index}`,
                school.school,
                selection.schools[index] === true,
                (value) => onChange({ ...selection, schools: selection.schools.map((kept, at) => (at === index ? value : kept)) }),
                [[school.degree, school.fieldOfStudy].filter(Boolean).join(', '), period(school.startDate, school.endDate, school.isCurrent)].filter(Boolean).join(' · '),
              ),
            )}
          </fieldset>
        ) : null}
        {parsed.skills.length > 0 ? (
          <fieldset className="resume-review__section">
            <legend>{t('review.skills')}</legend>
            <p className="resume-review__hint">{t('review.skillsHint')}</p>
            <ul className="resume-review__chips">
              {parsed.skills.map((skill) => {
                const isKept = !selection.droppedSkills.has(skill);
                return (
                  <li key={skill}>
                    <button
                      type="button"
                      className={`resume-review__chip${isKept ? ' resume-review__chip--kept' : ''}`}
                      aria-pressed={isKept}
                      aria-label={isKept ? t('review.skillKept', { skill: isolate(skill) }) : t('review.skillDropped', { skill: isolate(skill) })}
                      onClick={() => {
                        const dropped = new Set(selection.droppedSkills);
                        if (isKept) dropped.add(skill);
                        else dropped.delete(skill);
                        onChange({ ...selection, droppedSkills: dropped });
                      }}
                    >
                      <span aria-hidden="true" className="resume-review__chip-mark">
                        {isKept ? '✓' : '+'}
                      </span>
                      {skill}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ) : null}
        {parsed.languages.length > 0 || parsed.links.length > 0 || parsed.certifications.length > 0 ? (
          <fieldset className="resume-review__section">
            <legend className="resume-review__visually-hidden">{[t('review.languages'), t('review.links'), t('review.certifications')].join(', ')}</legend>
            {parsed.languages.length > 0
              ? check('languages', t('review.languages'), selection.languages, (value) => onChange({ ...selection, languages: value }), parsed.languages.map((language) => language.name).join(', '))
              : null}
            {parsed.links.length > 0
              ? check('links', t('review.links'), selection.links, (value) => onChange({ ...selection, links: value }), parsed.links.map((link) => link.url.replace(/^https?:\/\//, '')).join(', '))
              : null}
            {parsed.certifications.length > 0
              ? check('certifications', t('review.certifications'), selection.certifications, (value) => onChange({ ...selection, certifications: value }), parsed.certifications.map((item) => item.name).join(', '))
              : null}
          </fieldset>
        ) : null}
      </div>
      <div className="resume-flow__actions resume-review__footer">
        <span className="resume-review__count" aria-live="polite">
          {count === 0 ? t('review.noneSelected') : t('review.selectedCount', { count })}
        </span>
        <Button variant="tertiary" onClick={onCancel} disabled={isSaving}>
          {t('review.notNow')}
        </Button>
        <Button type="submit" isLoading={isSaving} disabled={count === 0}>
          {t('review.save')}
        </Button>
      </div>
    </form>
  );
}
