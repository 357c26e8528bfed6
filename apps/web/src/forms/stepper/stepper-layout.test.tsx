import { FormDefinitionSchema, type FormDefinitionInput } from '@careers/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { FormRenderer } from '../form-renderer';
import { roundScrollProgress } from './step-status';

const DEFINITION: FormDefinitionInput = {
  sections: [
    {
      title: 'Contact',
      items: [
        { name: 'first_name', label: 'First name', type: 'text', required: true },
        { name: 'email', label: 'Email', type: 'email', required: true, rules: [{ type: 'email' }] },
        { name: 'nickname', label: 'Nickname', type: 'text', newItem: true },
      ],
    },
    {
      title: 'Experience',
      items: [
        { name: 'years', label: 'Years', type: 'number', required: true, newItem: true },
        { name: 'summary', label: 'Summary', type: 'textarea', newItem: true },
      ],
    },
    {
      title: 'Hidden unless',
      items: [{ name: 'visa', label: 'Visa', type: 'text', visibility: { field: 'first_name', op: 'equals', value: 'show' } }],
    },
    { title: 'Consent', items: [{ name: 'consent', label: 'I agree', type: 'checkbox', required: true }] },
  ],
};

function renderStepper() {
  const definition = FormDefinitionSchema.parse(DEFINITION);
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={createI18n()}>
        <FormRenderer layout="stepper" definition={definition} onSubmit={onSubmit} context={{ today: '2026-11-25', defaultCountry: 'US' }} ariaLabel="Application" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, onSubmit };
}

const steps = () => within(screen.getByRole('navigation', { name: 'Form steps' })).getAllByRole('button');
const step = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Form steps' })).getByRole('button', { name });
const activeStep = () => steps().find((button) => button.getAttribute('aria-current') === 'step')?.textContent ?? '';

/** Puts each section's top where a scroll would, for the scroll-spy (jsdom has no layout). */
function placeSections(tops: Record<string, number>) {
  for (const section of document.querySelectorAll('section.form-section')) {
    const title = section.querySelector('h3')?.textContent ?? '';
    const top = tops[title] ?? 5000;
    section.getBoundingClientRect = () => ({ top, bottom: top + 400, height: 400, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) });
  }
}

const scrollAndSettle = async () => {
  fireEvent.scroll(window);
  await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
};

afterEach(() => vi.restoreAllMocks());

describe('the stepper layout (spec §2, §4)', { timeout: 20_000 }, () => {
  it('makes one step per rendered section: a section whose items are all hidden is no step', async () => {
    const { user } = renderStepper();
    expect(steps().map((button) => button.textContent)).toEqual([expect.stringContaining('Contact'), expect.stringContaining('Experience'), expect.stringContaining('Consent')]);
    expect(screen.queryByRole('heading', { name: 'Hidden unless' })).toBeNull();
    await user.type(screen.getByLabelText(/First name/), 'show');
    await waitFor(() => expect(steps()).toHaveLength(4));
    expect(screen.getByRole('heading', { name: 'Hidden unless' })).toBeTruthy();
  });

  it('shows new-question badges, and error badges only after a touch or a submit attempt', async () => {
    const { user, onSubmit } = renderStepper();
    expect(step(/Contact/).textContent).toContain('1 new question');
    expect(step(/Experience/).textContent).toContain('2 new questions');
    expect(screen.queryByText(/errors? found/)).toBeNull();

    // Touching one field counts that field only.
    await user.click(screen.getByLabelText(/First name/));
    await user.tab();
    await waitFor(() => expect(step(/Contact/).textContent).toContain('1 error found'));
    expect(step(/Experience/).textContent).not.toContain('found');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(step(/Contact/).textContent).toContain('2 errors found'));
    expect(step(/Experience/).textContent).toContain('1 error found');
    expect(step(/Consent/).textContent).toContain('1 error found');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.tab();
    await waitFor(() => expect(step(/Contact/).textContent).not.toContain('found'));
    expect(step(/Contact/).textContent).toContain('(complete)');
  });

  it('Home chooses the first step and End the last', async () => {
    const { user } = renderStepper();
    step(/Experience/).focus();
    await user.keyboard('{End}');
    expect(activeStep()).toContain('Consent');
    expect(document.activeElement).toBe(step(/Consent/));
    await user.keyboard('{Home}');
    expect(activeStep()).toContain('Contact');
    expect(document.activeElement).toBe(step(/Contact/));
  });

  it('a step click focuses its first invalid control, else its first control', async () => {
    const { user } = renderStepper();
    await user.click(step(/Experience/));
    expect(document.activeElement).toBe(screen.getByLabelText(/Years/));
    expect(activeStep()).toContain('Experience');

    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(step(/Contact/).textContent).toContain('1 error found'));
    await user.click(step(/Contact/));
    expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
  });

  it('follows the scroll (50 ms debounce), except for 1 s after a manual choice', async () => {
    const { user } = renderStepper();
    placeSections({ Contact: -900, Experience: 100, Consent: 900 });
    await scrollAndSettle();
    expect(activeStep()).toContain('Experience');

    await user.click(step(/Consent/));
    expect(activeStep()).toContain('Consent');
    placeSections({ Contact: -300, Experience: 700, Consent: 1500 });
    await scrollAndSettle();
    expect(activeStep()).toContain('Consent');

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 1001);
    await scrollAndSettle();
    expect(activeStep()).toContain('Contact');
  });

  it('shows the phone progress bar in steps of 10 %', async () => {
    renderStepper();
    const body = document.querySelector<HTMLElement>('.stepper__body')!;
    const viewport = window.innerHeight;
    body.getBoundingClientRect = () => ({ top: -0.34 * 2000, height: 2000 + viewport, bottom: 0, left: 0, right: 0, width: 0, x: 0, y: 0, toJSON: () => ({}) });
    await scrollAndSettle();
    expect(screen.getByRole('progressbar', { name: 'Progress through the form' }).getAttribute('aria-valuenow')).toBe('30');
    expect([0, 0.04, 0.05, 0.449, 0.96, 1.4, Number.NaN].map(roundScrollProgress)).toEqual([0, 0, 10, 40, 100, 100, 0]);
  });
});
