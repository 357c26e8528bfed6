import { FormDefinitionSchema, type FormDefinitionInput, type FormValues } from '@careers/contracts';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { FormRenderer, type FormRendererProps } from './form-renderer';

export const TODAY = '2026-11-25';

/** A FormRenderer for one section of items, with a spy for submitted values. */
export function renderForm(items: unknown[], props: Partial<FormRendererProps> = {}) {
  const definition = FormDefinitionSchema.parse({ sections: [{ title: 'Questions', items }] } as FormDefinitionInput);
  const onSubmit = vi.fn<(values: FormValues) => void>();
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={createI18n()}>
        <FormRenderer definition={definition} onSubmit={onSubmit} context={{ today: TODAY, defaultCountry: 'US' }} ariaLabel="Application" {...props} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, onSubmit, definition };
}

/** The texts an element's aria-describedby points at. */
export function descriptions(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

/** Any engine component with the app's query client and i18n (a user-event session included). */
export function renderWithProviders(ui: ReactElement) {
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={createI18n()}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, user };
}

/** A definition as the engine's schema reads it. */
export const definitionOf = (input: unknown) => FormDefinitionSchema.parse(input as FormDefinitionInput);
