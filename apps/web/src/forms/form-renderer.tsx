import {
  conditionFields,
  DEFAULT_PHONE_COUNTRY,
  FORM_DEPENDENCY_DEBOUNCE_MS,
  formItems,
  isItemVisible,
  resolveVisibility,
  type FormDefinition,
  type FormValues,
  type ValidationContext,
} from '@careers/contracts';
import { useEffect, useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Button } from '../ui/button';
import { FormField } from './form-field';
import { translateFieldError, useFormsCatalogue, useFormsTranslation } from './forms-i18n';
import { formEngineResolver } from './resolver';
import { useDebouncedValue } from '../lib/use-debounced-value';
import '../ui/form-layout.css';
import '../ui/text-field.css';
import './form-renderer.css';

export interface FormRendererProps {
  definition: FormDefinition;
  /** Answers to start from (a draft, a profile). */
  defaultValues?: FormValues;
  /** Today and the phone's default country; default: the browser's today and US (spec §5). */
  context?: ValidationContext;
  /** Called with what the server will keep: visible answers only, text trimmed. */
  onSubmit: (values: FormValues) => void | Promise<void>;
  /** Errors the server answered, by field name (spec §4: server validation errors set per field). */
  serverErrors?: Readonly<Record<string, string>>;
  submitLabel?: string;
  /** The form's accessible name when the page has no heading for it. */
  ariaLabel?: string;
  /** Extra actions beside the submit button. */
  actions?: ReactNode;
  /** Called with the form's values after each change the candidate makes (autosave of progress). */
  onValuesChange?: (values: FormValues) => void;
}

/** Today in the candidate's own zone (the day they see on their calendar), YYYY-MM-DD. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Field name → the fields whose visibility or options depend on it (spec §4: dependents revalidate). */
function dependentsByField(definition: FormDefinition): Map<string, string[]> {
  const dependents = new Map<string, string[]>();
  for (const item of formItems(definition)) {
    if (item.name === undefined) continue;
    const sources = new Set([...(item.dependencies ?? []), ...(item.visibility ? conditionFields(item.visibility) : [])]);
    for (const source of sources) dependents.set(source, [...(dependents.get(source) ?? []), item.name]);
  }
  return dependents;
}

/** spec §5: Enter in an input does not submit the form (textareas keep their new lines, buttons still act). */
function preventEnterSubmit(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit' && target.type !== 'button') {
    event.preventDefault();
  }
}

/**
 * The simple form layout (spec §2): sections of fields from a definition, judged on blur by the contracts
 * engine, hidden items unregistered, focus on the first error when a submit fails.
 */
export function FormRenderer({ definition, defaultValues, context, onSubmit, serverErrors, submitLabel, ariaLabel, actions, onValuesChange }: FormRendererProps) {
  useFormsCatalogue();
  const { t } = useFormsTranslation();
  const headingId = useId();
  const today = context?.today ?? localToday();
  const defaultCountry = context?.defaultCountry ?? DEFAULT_PHONE_COUNTRY;
  const resolver = useMemo(
    () => formEngineResolver(definition, { context: { today, defaultCountry }, translate: (error) => translateFieldError(t, error) }),
    [definition, today, defaultCountry, t],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    // spec §4: hidden fields are unregistered: an item that unmounts takes its value with it.
    shouldUnregister: true,
    shouldFocusError: true,
  });
  const { control, handleSubmit, setError, trigger, getFieldState, formState } = form;

  // spec §4: visibility is re-evaluated 50 ms after the values it depends on settle.
  const watched = useWatch({ control });
  const settled = useDebouncedValue(watched, FORM_DEPENDENCY_DEBOUNCE_MS);
  const { hidden, scope } = useMemo(() => resolveVisibility(formItems(definition), settled), [definition, settled]);

  const dependents = useMemo(() => dependentsByField(definition), [definition]);
  const { subscribe } = form;
  const valuesListener = useRef(onValuesChange);
  useEffect(() => {
    valuesListener.current = onValuesChange;
  }, [onValuesChange]);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, values }) => {
          const changed = name?.split('.')[0];
          if (changed === undefined) return;
          valuesListener.current?.(values);
          // Only fields the candidate has met: an untouched dependent is judged on its own blur or the submit.
          const affected = (dependents.get(changed) ?? []).filter((field) => {
            const state = getFieldState(field);
            return state.isTouched || state.invalid;
          });
          if (affected.length > 0) void trigger(affected);
        },
      }),
    [subscribe, dependents, getFieldState, trigger],
  );

  useEffect(() => {
    if (!serverErrors) return;
    const names = Object.keys(serverErrors);
    names.forEach((name, index) => setError(name, { type: 'server', message: serverErrors[name] }, { shouldFocus: index === 0 }));
  }, [serverErrors, setError]);

  const sections = definition.sections.filter((section) => section.items.some((item) => isItemVisible(item, scope)));

  return (
    <FormProvider {...form}>
      {/* The key handler only stops Enter's implicit submission (spec §5); the form itself stays non-interactive. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <form
        className="ui-form form-renderer"
        noValidate
        aria-label={ariaLabel}
        aria-labelledby={ariaLabel ? undefined : definition.title ? headingId : undefined}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        onKeyDown={preventEnterSubmit}
      >
        {definition.title ? (
          <h2 id={headingId} className="form-renderer__title">
            {definition.title}
          </h2>
        ) : null}
        {sections.map((section, sectionIndex) => (
          <section key={section.id ?? sectionIndex} className="form-section" aria-labelledby={`${headingId}-section-${sectionIndex}`}>
            <h3 id={`${headingId}-section-${sectionIndex}`} className="form-section__title">
              {section.title}
            </h3>
            {section.description ? <p className="form-section__description">{section.description}</p> : null}
            {section.items.map((item, itemIndex) => {
              const isHidden = item.name === undefined ? !isItemVisible(item, scope) : hidden.has(item.name);
              return isHidden ? null : <FormField key={item.name ?? `display-${itemIndex}`} item={item} today={today} defaultCountry={defaultCountry} scope={scope} />;
            })}
          </section>
        ))}
        <div className="form-renderer__actions">
          {actions}
          <Button type="submit" isLoading={formState.isSubmitting}>
            {submitLabel ?? t('actions.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
