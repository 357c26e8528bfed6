import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { descriptions, renderForm } from './test-helpers';
import { isolate } from '../ui/bdi';

const eeo = [
  { name: 'hasDisability', label: 'Do you have a disability?', type: 'radio', radioOptions: { choices: [{ label: 'Yes', value: 'yes' }, { label: 'No', value: 'no' }] } },
  { name: 'accommodation', label: 'Accommodation needed', type: 'text', required: true, dependencies: ['hasDisability'], visibility: { field: 'hasDisability', op: 'equals', value: 'yes' } },
];

describe('FormRenderer (simple layout)', () => {
  it('shows a dependent item once its condition holds (after the 50 ms settle), and unregisters it when hidden again', async () => {
    const { user, onSubmit } = renderForm(eeo);
    expect(screen.queryByRole('textbox', { name: /Accommodation/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const accommodation = await screen.findByRole('textbox', { name: /Accommodation/ });
    await user.type(accommodation, 'A quiet room');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Accommodation/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ hasDisability: 'no' }, expect.anything()));
  });

  it('a hidden required item never blocks the submit; a shown one does', async () => {
    const { user, onSubmit } = renderForm(eeo);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await screen.findByRole('textbox', { name: /Accommodation/ });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`${isolate('Accommodation needed')} is required`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a failed submit focuses the first invalid field', async () => {
    const { user } = renderForm([
      { name: 'city', label: 'City', type: 'text' },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'text', required: true },
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Email/ })));
    expect(screen.getByText(`${isolate('Phone')} is required`)).toBeTruthy();
  });

  it('server errors show on their fields', async () => {
    renderForm([{ name: 'email', label: 'Email', type: 'email' }], { serverErrors: { email: 'You already applied with this email' } });
    const input = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(descriptions(input)).toEqual(['You already applied with this email']));
  });

  it('a dependent field the candidate met is judged again when its dependency changes', async () => {
    const { user } = renderForm([
      { name: 'country', label: 'Country', type: 'select', selectOptions: { choices: [{ label: 'United States', value: 'US' }, { label: 'Canada', value: 'CA' }] } },
      { name: 'postal', label: 'Postal code', type: 'text', dependencies: ['country'], customValidator: 'usZipCode' },
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United States');
    const postal = screen.getByRole('textbox', { name: 'Postal code' });
    await user.type(postal, 'K1A');
    await user.tab();
    expect(await screen.findByText('Enter a valid ZIP code.')).toBeTruthy();
    await user.clear(postal);
    await user.type(postal, '02139');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Canada');
    await waitFor(() => expect(screen.queryByText('Enter a valid ZIP code.')).toBeNull());
  });

  it('leaves out a section whose items are all hidden, and shows display items', async () => {
    const first = renderForm([{ name: 'x', label: 'X', type: 'text', visibility: { field: 'y', op: 'isTrue' } }]);
    expect(first.queryByRole('heading', { name: 'Questions' })).toBeNull();
    first.unmount();
    const second = renderForm([
      { type: 'info', label: 'Before you start', description: 'It takes five minutes.' },
      { type: 'instruction', description: 'Answer honestly.' },
      { name: 'sign', label: 'Sign here', type: 'esignForm' },
    ]);
    expect(second.getByRole('heading', { name: 'Questions' })).toBeTruthy();
    expect(second.getByText('It takes five minutes.')).toBeTruthy();
    expect(second.getByText('Answer honestly.').closest('[role="note"]')).toBeTruthy();
    expect(second.getByText("This question can't be answered here yet.")).toBeTruthy();
  });
});

describe('FormRenderer: tenant text keeps its own direction (issue 13, bidi)', () => {
  /** The closest element that isolates `text` from the page's direction: a <bdi> or a dir="auto" holder. */
  const isolating = (element: Element | null) => element?.closest('bdi, [dir="auto"]') ?? null;

  it("isolates a field's label, its help text, a group's legend, option labels and the section title", () => {
    renderForm([
      { name: 'home', label: 'Where do you live?', description: 'City and country, e.g. Paris, France.', type: 'text' },
      { name: 'shift', label: 'Which shift?', type: 'radio', radioOptions: { choices: [{ label: 'Nights (10 p.m.–6 a.m.)', value: 'n' }] } },
      { name: 'site', label: 'Site', type: 'select', selectOptions: { choices: [{ label: 'Boston (HQ)', value: 'b' }] } },
    ]);
    const label = screen.getByText('Where do you live?');
    expect(isolating(label)).not.toBeNull();
    // The isolation sits inside the <label>: the required mark and the page's alignment stay the page's.
    expect(label.closest('label')?.contains(isolating(label))).toBe(true);
    expect(isolating(screen.getByText('City and country, e.g. Paris, France.'))).not.toBeNull();
    const legend = screen.getByText('Which shift?');
    expect(legend.closest('legend')?.contains(isolating(legend))).toBe(true);
    expect(isolating(screen.getByText('Nights (10 p.m.–6 a.m.)'))).not.toBeNull();
    expect(screen.getByRole('option', { name: 'Boston (HQ)' }).getAttribute('dir')).toBe('auto');
    expect(screen.getByRole('heading', { name: 'Questions' }).getAttribute('dir')).toBe('auto');
  });

  it('leaves our own translated texts in the page direction', () => {
    renderForm([{ name: 'email', label: 'Email', type: 'email' }]);
    expect(isolating(screen.getByRole('button', { name: 'Submit' }))).toBeNull();
  });
});
