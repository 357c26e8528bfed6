import {
  conditionFields,
  DEFAULT_PHONE_COUNTRY,
  FORM_DEPENDENCY_DEBOUNCE_MS,
  formItems,
  isDisplayOnlyItem,
  isItemVisible,
  isMissingValue,
  resolveVisibility,
  type FormDefinition,
  type FormValues,
  type ValidationContext,
} from '@careers/contracts';
import { memo, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormMethodsProvider } from './form-methods';
import { Button } from '../ui/button';
import { FormField, type FormFieldProps } from './form-field';
import { StepperLayout, type StepperStep } from './stepper/stepper-layout';
import { translateFieldError, useFormsCatalogue, useFormsTranslation } from './forms-i18n';
import { formEngineResolver } from './resolver';
import { isSettledChange, visibilitySources } from './settled-values';
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
  /** spec §2 "Form layouts": sections one under another, or the stepper (step list, progress, sticky footer). */
  layout?: 'simple' | 'stepper';
  /** Every change of an answer, with the whole form's values (autosave, a local copy). */
  onValuesChange?: (values: FormValues, changedField: string | undefined) => void;
  /** Shown at the start of the actions row (an autosave status). */
  status?: ReactNode;
  /** What the page may do to the form from outside (fill its empty fields from a resume). */
  handleRef?: Ref<FormHandle>;
}

export interface FormHandle {
  /**
   * Sets each given answer whose field is shown and still empty (a dynamic list counts as empty while all its rows
   * are blank); what the candidate typed or the form was prefilled with stays. Answers the names it filled.
   */
  fillEmpty(values: FormValues): string[];
  /** The form's current answers. */
  getValues(): FormValues;
}

type AnswerItem = ReturnType<typeof formItems>[number];

/** Whether a field holds nothing yet: a dynamic list only when each of its rows is blank. */
function isEmptyAnswer(item: AnswerItem, value: unknown): boolean {
  if (item.type !== 'dynamicList' || !Array.isArray(value)) return isMissingValue(item, value);
  const rowItems = item.dynamicListOptions?.items ?? [];
  return value.every((row: unknown) => {
    const record = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
    return rowItems.every((rowItem) => rowItem.name === undefined || isMissingValue(rowItem, record[rowItem.name]));
  });
}

/**
 * A field re-renders when its own definition changes; the values scope matters only to a dynamic list (its rows'
 * visibility). Without this every keystroke would redraw every field of a long form.
 */
const SectionField = memo(
  FormField,
  (previous: FormFieldProps, next: FormFieldProps) =>
    previous.item === next.item &&
    previous.name === next.name &&
    previous.today === next.today &&
    previous.defaultCountry === next.defaultCountry &&
    (previous.item.type !== 'dynamicList' || previous.scope === next.scope),
);

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
 * The form engine's renderer (spec §2 "Form layouts": simple or stepper): sections of fields from a definition,
 * judged on blur by the contracts engine, hidden items unregistered, focus on the first error when a submit fails.
 */
export function FormRenderer({
  definition,
  defaultValues,
  context,
  onSubmit,
  serverErrors,
  submitLabel,
  ariaLabel,
  actions,
  layout = 'simple',
  onValuesChange,
  status,
  handleRef,
}: FormRendererProps) {
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
  const { handleSubmit, setError, trigger, getFieldState, formState } = form;

  // spec §4: visibility is re-evaluated 50 ms after the values it depends on settle. Subscribed rather than
  // watched: a keystroke then redraws its own field only, not the whole form (bench/form-input-latency.mjs).
  // Settled answers that change neither visibility nor an answer's emptiness keep the last ones (settled-values.ts).
  const { subscribe } = form;
  const [settled, setSettled] = useState<FormValues>(() => ({ ...form.getValues() }));
  const sources = useMemo(() => visibilitySources(definition), [definition]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer);
        timer = setTimeout(
          () => setSettled((previous) => (isSettledChange(previous, values, sources) ? { ...values } : previous)),
          FORM_DEPENDENCY_DEBOUNCE_MS,
        );
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [subscribe, sources]);
  const { hidden, scope } = useMemo(() => resolveVisibility(formItems(definition), settled), [definition, settled]);

  const dependents = useMemo(() => dependentsByField(definition), [definition]);
  const onValuesChangeRef = useRef(onValuesChange);
  useEffect(() => {
    onValuesChangeRef.current = onValuesChange;
  }, [onValuesChange]);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => onValuesChangeRef.current?.(values, name),
      }),
    [subscribe],
  );
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const changed = name?.split('.')[0];
          if (changed === undefined) return;
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

  useImperativeHandle(
    handleRef,
    () => ({
      getValues: () => form.getValues(),
      fillEmpty(values) {
        const filled: string[] = [];
        for (const item of formItems(definition)) {
          const name = item.name;
          if (name === undefined || isDisplayOnlyItem(item) || item.disabled === true || !(name in values)) continue;
          // Hidden fields are unregistered (shouldUnregister): a value set there would come back unasked.
          if (hidden.has(name) || !isItemVisible(item, scope) || !isEmptyAnswer(item, form.getValues(name))) continue;
          form.setValue(name, values[name], { shouldDirty: true });
          filled.push(name);
        }
        // A field already judged empty ("First name is required") is judged again now that it holds an answer.
        const judged = filled.filter((name) => getFieldState(name).invalid);
        if (judged.length > 0) void trigger(judged);
        return filled;
      },
    }),
    [form, definition, hidden, scope, getFieldState, trigger],
  );

  const fieldOrder = useMemo(() => formItems(definition).map((item) => item.name), [definition]);
  useEffect(() => {
    if (!serverErrors) return;
    // The first in the form's order takes the focus, whatever order the server listed them in.
    const position = (name: string) => {
      const index = fieldOrder.indexOf(name.split('.')[0]);
      return index < 0 ? Number.MAX_SAFE_INTEGER : index;
    };
    const names = Object.keys(serverErrors).sort((a, b) => position(a) - position(b));
    names.forEach((name, index) => setError(name, { type: 'server', message: serverErrors[name] }, { shouldFocus: index === 0 }));
  }, [serverErrors, setError, fieldOrder]);

  // spec §4: a section whose items are all hidden is not rendered (and is no step).
  const sections = definition.sections.filter((section) => section.items.some((item) => isItemVisible(item, scope)));
  const isVisible = (item: FormDefinition['sections'][number]['items'][number]) =>
    item.name === undefined ? isItemVisible(item, scope) : !hidden.has(item.name);
  const sectionId = (index: number) => `${headingId}-section-${index}`;

  const renderedSections = sections.map((section, sectionIndex) => (
    <section key={section.id ?? sectionIndex} id={sectionId(sectionIndex)} className="form-section" aria-labelledby={`${sectionId(sectionIndex)}-title`}>
      <h3 id={`${sectionId(sectionIndex)}-title`} className="form-section__title" dir="auto">
        {section.title}
      </h3>
      {section.description ? (
        <p className="form-section__description" dir="auto">
          {section.description}
        </p>
      ) : null}
      {section.items.map((item, itemIndex) =>
        isVisible(item) ? <SectionField key={item.name ?? `display-${itemIndex}`} item={item} today={today} defaultCountry={defaultCountry} scope={scope} /> : null,
      )}
    </section>
  ));

  const footer = (
    <div className="form-renderer__actions">
      {status ? <div className="form-renderer__status">{status}</div> : null}
      {actions}
      <Button type="submit" isLoading={formState.isSubmitting}>
        {submitLabel ?? t('actions.submit')}
      </Button>
    </div>
  );

  const steps: StepperStep[] = sections.map((section, index) => {
    const shown = section.items.filter(isVisible);
    return {
      id: sectionId(index),
      title: section.title,
      fields: shown.flatMap((item) => (item.name === undefined || isDisplayOnlyItem(item) ? [] : [{ name: item.name, isRequired: item.required === true }])),
      newCount: shown.filter((item) => item.newItem === true).length,
    };
  });

  return (
    <FormProvider {...form}>
      <FormMethodsProvider form={form}>
      {/* The key handler only stops Enter's implicit submission (spec §5); the form itself stays non-interactive. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <form
        className={`ui-form form-renderer form-renderer--${layout}`}
        noValidate
        aria-label={ariaLabel}
        aria-labelledby={ariaLabel ? undefined : definition.title ? headingId : undefined}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        onKeyDown={preventEnterSubmit}
      >
        {definition.title ? (
          <h2 id={headingId} className="form-renderer__title" dir="auto">
            {definition.title}
          </h2>
        ) : null}
        {layout === 'stepper' ? (
          <StepperLayout steps={steps} footer={footer} values={settled}>
            {renderedSections}
          </StepperLayout>
        ) : (
          <>
            {renderedSections}
            {footer}
          </>
        )}
      </form>
      </FormMethodsProvider>
    </FormProvider>
  );
}
