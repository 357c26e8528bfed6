import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';

describe('phone (spec §3, §5)', () => {
  it('a country with its calling code and a number; the value joins them', async () => {
    const { user, onSubmit } = renderForm([{ name: 'phone', label: 'Mobile phone', type: 'phone', required: true }]);
    const group = screen.getByRole('group', { name: /Mobile phone/ });
    const country = within(group).getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('US');
    // A closed list holds its choice only; reaching for it (here a click) brings every country. (First in this
    // file on purpose: once any field has made the list in a language, later fields show it whole at once.)
    expect(country.options).toHaveLength(1);
    await user.click(country);
    expect(country.options.length).toBeGreaterThan(200);
    await user.selectOptions(country, 'GB');
    expect(country.selectedOptions[0]?.textContent).toBe('United Kingdom (+44)');
    await user.type(within(group).getByRole('textbox', { name: 'Phone number' }), ' 020 7946 0958 ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '+44 020 7946 0958' }, expect.anything()));
  });

  it('a number that is not valid for its country gets the country message; empty and required asks for it', async () => {
    const { user } = renderForm([{ name: 'phone', label: 'Phone', type: 'phone', required: true }]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`${isolate('Phone')} is required`)).toBeTruthy();
    const number = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(number, '12345');
    await user.tab();
    await user.tab();
    expect(await screen.findByText('Enter a valid phone number and country code.')).toBeTruthy();
  });

  it('builds the country list when the keyboard reaches it, before any key can move through it', async () => {
    const { user } = renderForm([{ name: 'phone', label: 'Phone', type: 'phone', phoneOptions: { defaultCountryCode: 'CA' } }]);
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    await user.tab();
    expect(document.activeElement).toBe(country);
    expect(country.options.length).toBeGreaterThan(200);
    expect(country.value).toBe('CA');
  });

  it('the definition chooses the default country', () => {
    renderForm([{ name: 'phone', label: 'Phone', type: 'phone', phoneOptions: { defaultCountryCode: 'CA' } }]);
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('CA');
  });
});
