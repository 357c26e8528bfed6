import {
  LANGUAGE_PROFICIENCIES,
  type Certification,
  type Education,
  type ProfileDetails,
  type ProfileLanguage,
  type ProfileLink,
  type ProfileListSection,
  type WorkExperience,
} from '@careers/contracts';
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { isolate, translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toast';
import { profileEditError, useProfileEdit } from '../api/profile';
import { useProfileTranslation } from '../profile-i18n';
import { EditorForm, textOrNull } from './editor-form';
import type { FieldSpec, FormValues } from './field-set';

/** The section's anchor id: completion links and the page's own navigation point at it. */
export const sectionId = (section: string): string => `profile-${section.replace(/_/g, '-')}`;

/** "2021-03" as the reader's locale writes a month ("Mar 2021"). */
export function formatMonth(month: string | null, locale: string): string | null {
  if (!month) return null;
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function Period({ start, end, isCurrent }: { start: string | null; end: string | null; isCurrent: boolean }) {
  const { t, i18n } = useProfileTranslation();
  const from = formatMonth(start, i18n.language);
  const to = isCurrent ? t('period.present') : formatMonth(end, i18n.language);
  if (!from && !to) return null;
  return <span className="profile-item__period">{from && to ? t('period.range', { start: from, end: to }) : (from ?? to)}</span>;
}

interface SectionCardProps {
  section: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}

export function SectionCard({ section, title, action, children }: SectionCardProps) {
  const headingId = `${sectionId(section)}-heading`;
  return (
    <section id={sectionId(section)} className="profile-card" aria-labelledby={headingId} tabIndex={-1}>
      <header className="profile-card__header">
        <h2 id={headingId} className="profile-card__title">
          {title}
        </h2>
        {action}
      </header>
      {children}
    </section>
  );
}

/** How each list section reads, edits and names its items. */
interface ListKind<Item> {
  section: Exclude<ProfileListSection, 'skills'>;
  key: 'links' | 'workExperience' | 'education' | 'languages' | 'certifications';
  fields: (t: TFunction) => FieldSpec[];
  toValues: (item: Item | null) => FormValues;
  fromValues: (values: FormValues) => Item;
  name: (item: Item) => string;
  render: (item: Item) => ReactNode;
}

const monthOrNull = (value: string | boolean | undefined) => textOrNull(value);

const LINKS: ListKind<ProfileLink> = {
  section: 'links',
  key: 'links',
  fields: (t) => [
    { name: 'label', label: t('fields.label'), kind: 'text', required: true },
    { name: 'url', label: t('fields.url'), kind: 'url', required: true, hint: 'https://' },
  ],
  toValues: (item) => ({ label: item?.label ?? '', url: item?.url ?? '' }),
  fromValues: (values) => ({ label: String(values.label ?? '').trim(), url: String(values.url ?? '').trim() }),
  name: (item) => item.label,
  render: (item) => (
    <>
      <p className="profile-item__title" dir="auto">
        {item.label}
      </p>
      <a className="profile-item__link" href={item.url} target="_blank" rel="noopener noreferrer">
        {item.url.replace(/^https?:\/\//i, '')}
      </a>
    </>
  ),
};

function PeriodItem({ title, subtitle, start, end, isCurrent, description }: { title: string; subtitle: string | null; start: string | null; end: string | null; isCurrent: boolean; description: string | null }) {
  return (
    <>
      <p className="profile-item__title" dir="auto">
        {title}
      </p>
      {subtitle ? (
        <p className="profile-item__subtitle" dir="auto">
          {subtitle}
        </p>
      ) : null}
      <Period start={start} end={end} isCurrent={isCurrent} />
      {description ? (
        <p className="profile-item__description" dir="auto">
          {description}
        </p>
      ) : null}
    </>
  );
}

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ') || null;

const WORK: ListKind<WorkExperience> = {
  section: 'work_experience',
  key: 'workExperience',
  fields: (t) => [
    { name: 'title', label: t('fields.title'), kind: 'text', required: true, autoComplete: 'organization-title' },
    { name: 'company', label: t('fields.company'), kind: 'text', required: true, autoComplete: 'organization' },
    { name: 'location', label: t('fields.itemLocation'), kind: 'text' },
    { name: 'startDate', label: t('fields.startDate'), kind: 'month' },
    { name: 'endDate', label: t('fields.endDate'), kind: 'month' },
    { name: 'isCurrent', label: t('fields.isCurrentJob'), kind: 'checkbox' },
    { name: 'description', label: t('fields.description'), kind: 'textarea' },
  ],
  toValues: (item) => ({
    title: item?.title ?? '',
    company: item?.company ?? '',
    location: item?.location ?? '',
    startDate: item?.startDate ?? '',
    endDate: item?.endDate ?? '',
    isCurrent: item?.isCurrent ?? false,
    description: item?.description ?? '',
  }),
  fromValues: (values) => ({
    title: String(values.title ?? '').trim(),
    company: String(values.company ?? '').trim(),
    location: textOrNull(values.location),
    startDate: monthOrNull(values.startDate),
    endDate: values.isCurrent === true ? null : monthOrNull(values.endDate),
    isCurrent: values.isCurrent === true,
    description: textOrNull(values.description),
  }),
  name: (item) => `${item.title}, ${item.company}`,
  render: (item) => <PeriodItem title={item.title} subtitle={joined(item.company, item.location)} start={item.startDate} end={item.endDate} isCurrent={item.isCurrent} description={item.description} />,
};

const EDUCATION: ListKind<Education> = {
  section: 'education',
  key: 'education',
  fields: (t) => [
    { name: 'school', label: t('fields.school'), kind: 'text', required: true },
    { name: 'degree', label: t('fields.degree'), kind: 'text' },
    { name: 'fieldOfStudy', label: t('fields.fieldOfStudy'), kind: 'text' },
    { name: 'startDate', label: t('fields.startDate'), kind: 'month' },
    { name: 'endDate', label: t('fields.endDate'), kind: 'month' },
    { name: 'isCurrent', label: t('fields.isCurrentSchool'), kind: 'checkbox' },
    { name: 'description', label: t('fields.description'), kind: 'textarea' },
  ],
  toValues: (item) => ({
    school: item?.school ?? '',
    degree: item?.degree ?? '',
    fieldOfStudy: item?.fieldOfStudy ?? '',
    startDate: item?.startDate ?? '',
    endDate: item?.endDate ?? '',
    isCurrent: item?.isCurrent ?? false,
    description: item?.description ?? '',
  }),
  fromValues: (values) => ({
    school: String(values.school ?? '').trim(),
    degree: textOrNull(values.degree),
    fieldOfStudy: textOrNull(values.fieldOfStudy),
    startDate: monthOrNull(values.startDate),
    endDate: values.isCurrent === true ? null : monthOrNull(values.endDate),
    isCurrent: values.isCurrent === true,
    description: textOrNull(values.description),
  }),
  name: (item) => item.school,
  render: (item) => <PeriodItem title={joined(item.degree, item.fieldOfStudy) ?? item.school} subtitle={item.degree || item.fieldOfStudy ? item.school : null} start={item.startDate} end={item.endDate} isCurrent={item.isCurrent} description={item.description} />,
};

function LanguageItem({ item }: { item: ProfileLanguage }) {
  const { t } = useProfileTranslation();
  return (
    <>
      <p className="profile-item__title" dir="auto">
        {item.name}
      </p>
      {item.proficiency ? <p className="profile-item__subtitle">{t(`proficiency.${item.proficiency}`)}</p> : null}
    </>
  );
}

const LANGUAGES: ListKind<ProfileLanguage> = {
  section: 'languages',
  key: 'languages',
  fields: (t) => [
    { name: 'name', label: t('fields.language'), kind: 'text', required: true },
    { name: 'proficiency', label: t('fields.proficiency'), kind: 'select', options: LANGUAGE_PROFICIENCIES.map((value) => ({ value, label: t(`proficiency.${value}`) })) },
  ],
  toValues: (item) => ({ name: item?.name ?? '', proficiency: item?.proficiency ?? '' }),
  fromValues: (values) => ({ name: String(values.name ?? '').trim(), proficiency: (textOrNull(values.proficiency) as ProfileLanguage['proficiency']) ?? null }),
  name: (item) => item.name,
  render: (item) => <LanguageItem item={item} />,
};

const CERTIFICATIONS: ListKind<Certification> = {
  section: 'certifications',
  key: 'certifications',
  fields: (t) => [
    { name: 'name', label: t('fields.certification'), kind: 'text', required: true },
    { name: 'issuer', label: t('fields.issuer'), kind: 'text' },
    { name: 'issuedOn', label: t('fields.issuedOn'), kind: 'month' },
    { name: 'expiresOn', label: t('fields.expiresOn'), kind: 'month' },
    { name: 'credentialUrl', label: t('fields.credentialUrl'), kind: 'url', hint: 'https://' },
  ],
  toValues: (item) => ({ name: item?.name ?? '', issuer: item?.issuer ?? '', issuedOn: item?.issuedOn ?? '', expiresOn: item?.expiresOn ?? '', credentialUrl: item?.credentialUrl ?? '' }),
  fromValues: (values) => ({
    name: String(values.name ?? '').trim(),
    issuer: textOrNull(values.issuer),
    issuedOn: monthOrNull(values.issuedOn),
    expiresOn: monthOrNull(values.expiresOn),
    credentialUrl: textOrNull(values.credentialUrl),
  }),
  name: (item) => item.name,
  render: (item) => (
    <PeriodItem title={item.name} subtitle={item.issuer} start={item.issuedOn} end={item.expiresOn} isCurrent={false} description={null} />
  ),
};

export const LIST_KINDS = [WORK, EDUCATION, LANGUAGES, CERTIFICATIONS, LINKS] as const;

/** A list section: its items with Edit and Delete (confirmed), and Add; one editor open at a time. */
export function ListSection<Item>({ kind, profile }: { kind: ListKind<Item>; profile: ProfileDetails }) {
  const { t } = useProfileTranslation();
  const toast = useToast();
  const edit = useProfileEdit();
  const items = profile[kind.key] as unknown as Item[];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const title = t(`sections.${kind.section}`);

  const confirmDelete = () => {
    if (deleting === null) return;
    const index = deleting;
    edit.mutate(
      { body: { op_section: kind.section, operation: 'delete', op_data: { index } } },
      {
        onSuccess: () => setDeleting(null),
        onError: (error) => {
          setDeleting(null);
          toast.show({ message: profileEditError(error).kind === 'invalid' ? t('errors.invalid') : t('errors.generic'), style: 'error' });
        },
      },
    );
  };

  return (
    <SectionCard
      section={kind.section}
      title={title}
      action={
        editing === null ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')} aria-label={t('actions.addItem', { section: title })}>
            {t('actions.add')}
          </Button>
        ) : null
      }
    >
      {items.length === 0 && editing === null ? <p className="profile-card__empty">{t(`empty.${kind.section}`)}</p> : null}
      <ul className="profile-list">
        {items.map((item, index) => (
          <li key={`${index}-${kind.name(item)}`} className="profile-item">
            {editing === index ? (
              <EditorForm
                label={t('actions.editItem', { name: isolate(kind.name(item)) })}
                fields={kind.fields(t)}
                initial={kind.toValues(item)}
                toBody={(values) => ({ op_section: kind.section, operation: 'update', op_data: { index, value: kind.fromValues(values) } })}
                onDone={() => setEditing(null)}
              />
            ) : (
              <div className="profile-item__row">
                <div className="profile-item__body">{kind.render(item)}</div>
                <div className="profile-item__actions">
                  <Button size="sm" variant="tertiary" onClick={() => setEditing(index)} aria-label={t('actions.editItem', { name: isolate(kind.name(item)) })}>
                    {t('actions.edit')}
                  </Button>
                  <Button size="sm" variant="tertiary" onClick={() => setDeleting(index)} aria-label={t('actions.deleteItem', { name: isolate(kind.name(item)) })}>
                    {t('actions.delete')}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <EditorForm
          label={t('actions.addItem', { section: title })}
          fields={kind.fields(t)}
          initial={kind.toValues(null)}
          toBody={(values) => ({ op_section: kind.section, operation: 'add', op_data: { value: kind.fromValues(values) } })}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <Modal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('confirmDelete.title')}
        description={deleting !== null && items[deleting] ? translateWithBdi(t, 'confirmDelete.body', { name: kind.name(items[deleting] as Item) }) : undefined}
        size="sm"
      >
        <div className="profile-form__actions">
          <Button variant="danger" onClick={confirmDelete} disabled={edit.isPending} aria-busy={edit.isPending || undefined}>
            {t('confirmDelete.confirm')}
          </Button>
          <Button variant="tertiary" onClick={() => setDeleting(null)}>
            {t('actions.cancel')}
          </Button>
        </div>
      </Modal>
    </SectionCard>
  );
}
