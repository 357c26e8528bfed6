import { FORM_SCROLL_PROGRESS_STEP_PERCENT, isEmptyValue } from '@careers/contracts';

/** A field of a step as its badge counts it. */
export interface StepField {
  name: string;
  isRequired: boolean;
}

export interface FieldCountState {
  value: unknown;
  hasError: boolean;
  isTouched: boolean;
}

/**
 * spec §4 "A step shows an error count only after the field is touched or a submit attempted, counting invalid
 * fields or required fields that are empty (null, empty string, empty list)".
 */
export function stepErrorCount(fields: readonly StepField[], stateOf: (name: string) => FieldCountState, isSubmitAttempted: boolean): number {
  let count = 0;
  for (const field of fields) {
    const state = stateOf(field.name);
    if (!state.isTouched && !isSubmitAttempted) continue;
    if (state.hasError || (field.isRequired && isEmptyValue(state.value))) count += 1;
  }
  return count;
}

/** A step is complete when every required answer is given and nothing in it is wrong. */
export function isStepComplete(fields: readonly StepField[], stateOf: (name: string) => FieldCountState): boolean {
  if (fields.length === 0) return false;
  return fields.every((field) => {
    const state = stateOf(field.name);
    return !state.hasError && !(field.isRequired && isEmptyValue(state.value));
  });
}

/** spec §9 "Scroll progress rounded to steps of 10 percent": 0–1 → 0, 10, … 100. */
export function roundScrollProgress(fraction: number): number {
  const step = FORM_SCROLL_PROGRESS_STEP_PERCENT;
  if (!Number.isFinite(fraction)) return 0;
  const clamped = Math.min(1, Math.max(0, fraction));
  return Math.round((clamped * 100) / step) * step;
}

/** How far through `element` the window has scrolled, 0–1 (1 once its end is in view). */
export function scrolledFraction(element: HTMLElement, viewportHeight: number): number {
  const rect = element.getBoundingClientRect();
  const travel = rect.height - viewportHeight;
  if (travel <= 0) return rect.top <= 0 ? 1 : 0;
  return -rect.top / travel;
}

const CONTROL_SELECTOR = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

function isUsable(element: HTMLElement): boolean {
  return !(element as HTMLInputElement).disabled && element.getAttribute('aria-hidden') !== 'true' && element.closest('[hidden]') === null;
}

/**
 * spec §4 "Clicking a step scrolls to and focuses the first invalid control (else first control)": the first
 * control marked invalid in the section, else the first control of its first field.
 */
export function stepFocusTarget(section: HTMLElement): HTMLElement | null {
  const invalid = [...section.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(isUsable);
  if (invalid) return invalid;
  const fields = section.querySelectorAll<HTMLElement>('[data-field]');
  for (const field of fields) {
    const control = [...field.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)].find(isUsable);
    if (control) return control;
  }
  return null;
}
