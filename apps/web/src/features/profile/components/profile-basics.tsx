import { skillKey, type ProfileDetails } from '@careers/contracts';
import { useState, type FormEvent } from 'react';
import { isolate } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { profileEditError, useProfileEdit } from '../api/profile';
import { useProfileTranslation } from '../profile-i18n';
import { EditorForm, textOrNull } from './editor-form';
import { SectionCard } from './profile-sections';

/** Contact details: names, phone, headline, summary (the email is the account's, shown read-only). */
export function ContactSection({ profile }: { profile: ProfileDetails }) {
  const { t } = useProfileTranslation();
  const [isEditing, setEditing] = useState(false);
  const { contact } = profile;
  return (
    <SectionCard
      section="contact"
      title={t('sections.contact')}
      action={isEditing ? null : (
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`${t('actions.edit')} ${t('sections.contact')}`}>
          {t('actions.edit')}
        </Button>
      )}
    >
      {isEditing ? (
        <EditorForm
          label={`${t('actions.edit')} ${t('sections.contact')}`}
          fields={[
            { name: 'firstName', label: t('fields.firstName'), kind: 'text', required: true, autoComplete: 'given-name' },
            { name: 'lastName', label: t('fields.lastName'), kind: 'text', required: true, autoComplete: 'family-name' },
            { name: 'phone', label: t('fields.phone'), kind: 'tel', autoComplete: 'tel' },
            { name: 'headline', label: t('fields.headline'), kind: 'text', hint: t('fields.headlineHint') },
            { name: 'summary', label: t('fields.summary'), kind: 'textarea' },
          ]}
          initial={{ firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone ?? '', headline: contact.headline ?? '', summary: contact.summary ?? '' }}
          toBody={(values) => ({
            op_section: 'contact',
            operation: 'update',
            op_data: {
              value: {
                firstName: String(values.firstName ?? '').trim(),
                lastName: String(values.lastName ?? '').trim(),
                phone: textOrNull(values.phone),
                headline: textOrNull(values.headline),
                summary: textOrNull(values.summary),
              },
            },
          })}
          onDone={() => setEditing(false)}
        />
      ) : (
        <dl className="profile-facts">
          <div>
            <dt>{t('fields.email')}</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>{t('fields.phone')}</dt>
            <dd>{contact.phone ?? '—'}</dd>
          </div>
          <div className="profile-facts__wide">
            <dt>{t('fields.summary')}</dt>
            <dd className="profile-facts__summary">{contact.summary ?? t('empty.summary')}</dd>
          </div>
        </dl>
      )}
    </SectionCard>
  );
}

export function LocationSection({ profile }: { profile: ProfileDetails }) {
  const { t } = useProfileTranslation();
  const [isEditing, setEditing] = useState(false);
  return (
    <SectionCard
      section="location"
      title={t('sections.location')}
      action={isEditing ? null : (
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`${t('actions.edit')} ${t('sections.location')}`}>
          {t('actions.edit')}
        </Button>
      )}
    >
      {isEditing ? (
        <EditorForm
          label={`${t('actions.edit')} ${t('sections.location')}`}
          fields={[{ name: 'location', label: t('fields.location'), kind: 'text', autoComplete: 'address-level2' }]}
          initial={{ location: profile.location ?? '' }}
          toBody={(values) => ({ op_section: 'location', operation: 'update', op_data: { value: textOrNull(values.location) } })}
          onDone={() => setEditing(false)}
        />
      ) : (
        <p className={profile.location ? 'profile-card__text' : 'profile-card__empty'}>{profile.location ?? t('empty.location')}</p>
      )}
    </SectionCard>
  );
}

/** Skills as chips: removed and added in place, at once (optimistic; rolled back if the server refuses). */
export function SkillsSection({ profile }: { profile: ProfileDetails }) {
  const { t } = useProfileTranslation();
  const toast = useToast();
  const edit = useProfileEdit();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();

  const fail = (failure: unknown) => {
    const { kind, fields } = profileEditError(failure);
    const message = kind === 'invalid' ? t('errors.invalid') : t('errors.generic');
    setError(fields._ ?? message);
    toast.show({ message, style: 'error' });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const skill = draft.trim();
    if (skill === '') return;
    setError(undefined);
    edit.mutate(
      {
        body: { op_section: 'skills', operation: 'add', op_data: { value: skill } },
        optimistic: (current) => (current.skills.some((have) => skillKey(have) === skillKey(skill)) ? current : { ...current, skills: [...current.skills, skill] }),
      },
      { onSuccess: () => setDraft(''), onError: fail },
    );
  };

  const remove = (index: number) =>
    edit.mutate(
      { body: { op_section: 'skills', operation: 'delete', op_data: { index } }, optimistic: (current) => ({ ...current, skills: current.skills.filter((_skill, at) => at !== index) }) },
      { onError: fail },
    );

  return (
    <SectionCard section="skills" title={t('sections.skills')}>
      {profile.skills.length === 0 ? <p className="profile-card__empty">{t('empty.skills')}</p> : null}
      <ul className="profile-chips" aria-label={t('sections.skills')}>
        {profile.skills.map((skill, index) => (
          <li key={skill} className="profile-chip">
            <span>{skill}</span>
            <button type="button" className="profile-chip__remove" onClick={() => remove(index)} aria-label={t('actions.removeSkill', { skill: isolate(skill) })}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <form className="profile-skill-form" onSubmit={add} noValidate>
        <TextField
          label={t('fields.skill')}
          value={draft}
          error={error}
          maxLength={60}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={draft.trim() === ''}>
          {t('actions.addSkill')}
        </Button>
      </form>
    </SectionCard>
  );
}
