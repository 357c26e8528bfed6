import { SKILL_SHOW_MORE_THRESHOLD } from '@careers/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { isolate } from '../../ui/bdi';
import { Button } from '../../ui/button';
import { useFormsTranslation } from '../forms-i18n';
import { ControlledField, type FieldProps } from './field-frame';

function asSkills(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function hasSkill(skills: readonly string[], skill: string): boolean {
  const wanted = skill.toLocaleLowerCase();
  return skills.some((entry) => entry.toLocaleLowerCase() === wanted);
}

/**
 * skillSelector (spec §4): chosen skills collapsed to the first showMoreThreshold with a +N toggle and Show
 * fewer; the entry box appears after Add skill; suggestions leave out chosen skills; Add all adds them all.
 */
export function SkillSelectorField({ item, name }: FieldProps) {
  const { t } = useFormsTranslation();
  const options = item.skillSelectorOptions;
  const threshold = options?.showMoreThreshold ?? SKILL_SHOW_MORE_THRESHOLD;
  const [isExpanded, setExpanded] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  // "Add skill" is replaced by the entry box: focus follows it there, else it would fall back to the page's start.
  const isEntryAwaitingFocus = useRef(false);

  return (
    <ControlledField
      item={item}
      name={name} isGroup
      render={(field, { inputId, isInvalid }) => {
        const skills = asSkills(field.value);
        const suggestions = (options?.suggestedSkills ?? []).filter((skill) => !hasSkill(skills, skill));
        const change = (next: string[]) => {
          field.onChange(next);
          field.onBlur();
        };
        const add = (skill: string) => {
          const trimmed = skill.trim();
          if (trimmed !== '' && !hasSkill(skills, trimmed)) change([...skills, trimmed]);
        };
        const shown = isExpanded ? skills : skills.slice(0, threshold);
        const hiddenCount = skills.length - shown.length;
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          add(draft);
          setDraft('');
        };
        return (
          <div className="form-skills">
            {skills.length > 0 ? (
              <ul className="form-skills__chosen">
                {shown.map((skill) => (
                  <li key={skill} className="form-skills__chip">
                    <span>{skill}</span>
                    <button type="button" className="form-skills__remove" onClick={() => change(skills.filter((entry) => entry !== skill))} aria-label={t('skills.remove', { skill: isolate(skill) })}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {hiddenCount > 0 ? (
              <Button type="button" variant="secondary" size="sm" onClick={() => setExpanded(true)} aria-label={t('skills.showMoreLabel', { count: hiddenCount })}>
                {t('skills.showMore', { count: hiddenCount })}
              </Button>
            ) : null}
            {isExpanded && skills.length > threshold ? (
              <Button type="button" variant="secondary" size="sm" onClick={() => setExpanded(false)}>
                {t('skills.showFewer')}
              </Button>
            ) : null}
            {isAdding ? (
              <div className="form-skills__entry">
                <label htmlFor={`${inputId}-entry`}>{t('skills.entryLabel')}</label>
                <input
                  ref={(element) => {
                    field.ref(element);
                    if (element && isEntryAwaitingFocus.current) {
                      isEntryAwaitingFocus.current = false;
                      element.focus();
                    }
                  }}
                  id={`${inputId}-entry`}
                  className="ui-field__input"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={onKeyDown}
                  aria-invalid={isInvalid || undefined}
                />
              </div>
            ) : (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                ref={field.ref}
                onClick={() => {
                  isEntryAwaitingFocus.current = true;
                  setAdding(true);
                }}
              >
                {t('skills.add')}
              </Button>
            )}
            {suggestions.length > 0 ? (
              <div className="form-skills__suggestions">
                <p className="ui-field__hint">{t('skills.suggested')}</p>
                <ul className="form-skills__chosen">
                  {suggestions.map((skill) => (
                    <li key={skill}>
                      <Button type="button" variant="secondary" size="sm" onClick={() => add(skill)} aria-label={t('skills.addOne', { skill: isolate(skill) })}>
                        {`+ ${skill}`}
                      </Button>
                    </li>
                  ))}
                </ul>
                <Button type="button" variant="secondary" size="sm" onClick={() => change([...skills, ...suggestions])}>
                  {t('skills.addAll')}
                </Button>
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
