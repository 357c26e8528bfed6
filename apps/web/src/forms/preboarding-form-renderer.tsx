import { formItems, resolveVisibility, type FormDefinition, type FormSection, type FormValues, type ValidationContext } from '@careers/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isolate } from '../ui/bdi';
import { Button } from '../ui/button';
import { FormRenderer } from './form-renderer';
import { FormViewSection } from './form-view';
import { useFormsCatalogue, useFormsTranslation } from './forms-i18n';
import './form-view.css';

export interface PreboardingFormRendererProps {
  definition: FormDefinition;
  values: FormValues;
  /** Saves the whole answers with one section changed; a rejection keeps the section open (its message shown). */
  onSave: (values: FormValues, section: FormSection) => Promise<void>;
  context?: ValidationContext;
  /** Errors the server answered for the section being saved, by field. */
  serverErrors?: Readonly<Record<string, string>>;
  /** Off: view only (a completed form). */
  isEditable?: boolean;
}

/**
 * The admin preboarding form renderer (spec §2 "sections with edit mode"): the answers read-only, section by
 * section, each with an Edit action that turns that section (one at a time) into its edit form; Save judges
 * the section with the engine, saves, and returns to the view; Cancel discards. Focus moves into the form on
 * Edit and back to the section's Edit button after.
 */
export function PreboardingFormRenderer({ definition, values, onSave, context, serverErrors, isEditable = true }: PreboardingFormRendererProps) {
  useFormsCatalogue();
  const { t } = useFormsTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const returnFocusTo = useRef<number | null>(null);
  const { scope } = useMemo(() => resolveVisibility(formItems(definition), values), [definition, values]);

  useEffect(() => {
    if (editing !== null || returnFocusTo.current === null) return;
    editButtons.current.get(returnFocusTo.current)?.focus();
    returnFocusTo.current = null;
  }, [editing]);

  const close = (index: number) => {
    returnFocusTo.current = index;
    setFailed(false);
    setEditing(null);
  };

  return (
    <div className="form-view preboarding-form">
      {definition.sections.map((section, index) => {
        const sectionTitle = section.title ?? '';
        if (editing === index) {
          return (
            <EditedSection
              key={section.id ?? index}
              section={section}
              definition={definition}
              values={values}
              context={context}
              serverErrors={serverErrors}
              failed={failed}
              onCancel={() => close(index)}
              onSave={async (changed) => {
                try {
                  setFailed(false);
                  await onSave({ ...withoutSection(values, section), ...changed }, section);
                  close(index);
                } catch {
                  setFailed(true);
                }
              }}
            />
          );
        }
        return (
          <FormViewSection
            key={section.id ?? index}
            section={section}
            values={values}
            scope={scope}
            action={
              isEditable ? (
                <Button
                  ref={(element) => {
                    if (element) editButtons.current.set(index, element);
                    else editButtons.current.delete(index);
                  }}
                  variant="secondary"
                  size="sm"
                  disabled={editing !== null}
                  aria-label={t('view.editSection', { section: isolate(sectionTitle) })}
                  onClick={() => setEditing(index)}
                >
                  {t('view.edit')}
                </Button>
              ) : undefined
            }
          />
        );
      })}
    </div>
  );
}

/** The answers without one section's fields: a field hidden by the edit leaves with it. */
function withoutSection(values: FormValues, section: FormSection): FormValues {
  const names = new Set(section.items.map((item) => item.name).filter((name): name is string => name !== undefined));
  return Object.fromEntries(Object.entries(values).filter(([name]) => !names.has(name)));
}

function EditedSection({
  section,
  definition,
  values,
  context,
  serverErrors,
  failed,
  onSave,
  onCancel,
}: {
  section: FormSection;
  definition: FormDefinition;
  values: FormValues;
  context: ValidationContext | undefined;
  serverErrors: Readonly<Record<string, string>> | undefined;
  failed: boolean;
  onSave: (values: FormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useFormsTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const single = useMemo<FormDefinition>(() => ({ ...definition, title: undefined, sections: [section] }), [definition, section]);
  useEffect(() => {
    wrapper.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button')?.focus();
  }, []);
  return (
    <div ref={wrapper} className="preboarding-form__edit">
      {failed ? (
        <p className="ui-field__error" role="alert">
          {t('view.saveFailed')}
        </p>
      ) : null}
      <FormRenderer
        definition={single}
        defaultValues={values}
        context={context}
        serverErrors={serverErrors}
        ariaLabel={t('view.editSection', { section: isolate(section.title ?? '') })}
        submitLabel={t('view.save')}
        onSubmit={onSave}
        actions={
          <Button variant="secondary" onClick={onCancel}>
            {t('view.cancel')}
          </Button>
        }
      />
    </div>
  );
}
