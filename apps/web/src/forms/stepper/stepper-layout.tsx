import { memo, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';
import { useFormMethods } from '../form-methods';
import { useFormsTranslation } from '../forms-i18n';
import { isStepComplete, stepErrorCount, stepFocusTarget, type FieldCountState, type StepField } from './step-status';
import { useScrollSpy } from './use-scroll-spy';
import './stepper-layout.css';
import { translateWithBdi } from '../../ui/bdi';

/** One step: a rendered section of the form (sections whose items are all hidden never become steps). */
export interface StepperStep {
  /** The section element's id: the step scrolls to it. */
  id: string;
  title: string;
  fields: readonly StepField[];
  /** Questions marked new (spec §4 new-question badge). */
  newCount: number;
}

export interface StepperLayoutProps {
  steps: readonly StepperStep[];
  /** The sections, each an element with its step's id. */
  children: ReactNode;
  /** The sticky footer's content: the actions. */
  footer: ReactNode;
  /**
   * The answers as the badges count them: the form's values once typing has settled (the renderer's 50 ms
   * pause). A keystroke then renders nothing but its own field (issue 9 input latency).
   */
  values: Readonly<Record<string, unknown>>;
}

const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * spec §2 "Stepper form": the step list at inline-start on desktop and tablet, a scroll progress bar on phones,
 * a sticky footer for the actions; spec §4: scroll-spy, manual choice lock, Home/End, badges.
 */
export function StepperLayout({ steps, children, footer, values }: StepperLayoutProps) {
  const { t } = useFormsTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const spy = useScrollSpy(
    steps.map((step) => step.id),
    bodyRef,
  );
  const active = steps[Math.min(spy.activeIndex, steps.length - 1)];

  return (
    <div className="stepper">
      <div
        className="stepper__progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={spy.progress}
        aria-valuetext={t('stepper.progressText', { progress: spy.progress })}
        aria-label={t('stepper.progressLabel')}
      >
        <p className="stepper__progress-text" aria-hidden="true">
          {active ? translateWithBdi(t, 'stepper.currentStep', { title: active.title }, { current: spy.activeIndex + 1, total: steps.length }) : null}
        </p>
        <div className="stepper__progress-track">
          <div className="stepper__progress-bar" style={{ inlineSize: `${spy.progress}%` }} />
        </div>
      </div>
      <StepList steps={steps} values={values} activeIndex={spy.activeIndex} onChoose={spy.choose} />
      <div className="stepper__body" ref={bodyRef}>
        {children}
      </div>
      <div className="stepper__footer">{footer}</div>
    </div>
  );
}

/** A step's badge state, worked out from the answers (step-status.ts). */
interface StepStatus {
  errorCount: number;
  isComplete: boolean;
}

/**
 * The settled answers and the errors as the step badges count them. Nothing here follows a keystroke: the
 * answers come settled from the renderer, and errors and touched fields change on blur and submit, so typing
 * in a 150-field form renders its own field only (issue 9, bench/form-input-latency.mjs).
 */
function StepList({
  steps,
  values,
  activeIndex,
  onChoose,
}: {
  steps: readonly StepperStep[];
  values: Readonly<Record<string, unknown>>;
  activeIndex: number;
  onChoose: (index: number) => void;
}) {
  const { control, getFieldState } = useFormMethods();
  const { errors, touchedFields, submitCount } = useFormState({ control });
  const statuses = useMemo(() => {
    const stateOf = (name: string): FieldCountState => ({
      value: get(values, name) as unknown,
      hasError: get(errors, name) !== undefined || getFieldState(name).invalid,
      isTouched: Boolean(get(touchedFields, name)),
    });
    return steps.map((step): StepStatus => {
      const states = new Map(step.fields.map((field) => [field.name, stateOf(field.name)]));
      const known = (name: string): FieldCountState => states.get(name) ?? stateOf(name);
      const errorCount = stepErrorCount(step.fields, known, submitCount > 0);
      return { errorCount, isComplete: errorCount === 0 && isStepComplete(step.fields, known) };
    });
  }, [steps, values, errors, touchedFields, submitCount, getFieldState]);
  return <StepButtons steps={steps} statuses={statuses} activeIndex={activeIndex} onChoose={onChoose} />;
}

const StepButtons = memo(function StepButtons({
  steps,
  statuses,
  activeIndex,
  onChoose,
}: {
  steps: readonly StepperStep[];
  statuses: readonly StepStatus[];
  activeIndex: number;
  onChoose: (index: number) => void;
}) {
  const { t } = useFormsTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const goTo = (index: number, focus: 'control' | 'step') => {
    const step = steps[index];
    if (!step) return;
    onChoose(index);
    const section = document.getElementById(step.id);
    if (!section) return;
    const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const target = stepFocusTarget(section);
    if (focus === 'step') {
      section.scrollIntoView?.({ block: 'start', behavior });
      buttons.current[index]?.focus();
      return;
    }
    if (target?.getAttribute('aria-invalid') === 'true') target.scrollIntoView?.({ block: 'center', behavior });
    else section.scrollIntoView?.({ block: 'start', behavior });
    target?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const current = buttons.current.findIndex((button) => button === document.activeElement);
    switch (event.key) {
      // spec §4: Home chooses the first step, End the last.
      case 'Home':
        event.preventDefault();
        goTo(0, 'step');
        break;
      case 'End':
        event.preventDefault();
        goTo(steps.length - 1, 'step');
        break;
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const next = Math.min(steps.length - 1, Math.max(0, current + (event.key === 'ArrowDown' ? 1 : -1)));
        buttons.current[next]?.focus();
        break;
      }
      default:
        break;
    }
  };

  return (
    <nav className="stepper__nav" aria-label={t('stepper.stepsLabel')}>
      {/* The list only moves focus between its own buttons (arrows, Home, End); each button is the interactive part. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ol className="stepper__steps" onKeyDown={onKeyDown}>
        {steps.map((step, index) => {
          const { errorCount, isComplete } = statuses[index] ?? { errorCount: 0, isComplete: false };
          const isActive = index === activeIndex;
          const className = ['stepper__step', isActive ? 'stepper__step--active' : '', errorCount > 0 ? 'stepper__step--invalid' : '', isComplete ? 'stepper__step--complete' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={step.id}>
              <button
                type="button"
                className={className}
                aria-current={isActive ? 'step' : undefined}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                onClick={() => goTo(index, 'control')}
              >
                <span className="stepper__marker" aria-hidden="true">
                  {isComplete ? '✓' : errorCount > 0 ? '!' : index + 1}
                </span>
                <span className="stepper__step-text">
                  <span className="stepper__step-title" dir="auto">
                    {step.title}
                  </span>
                  {isComplete ? <span className="form-visually-hidden">{t('stepper.complete')}</span> : null}
                  {errorCount > 0 ? <span className="stepper__badge stepper__badge--error">{t('badges.errors', { count: errorCount })}</span> : null}
                  {step.newCount > 0 ? <span className="stepper__badge stepper__badge--new">{t('badges.newQuestions', { count: step.newCount })}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
