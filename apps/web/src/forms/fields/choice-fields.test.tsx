import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { descriptions, renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';

const submit = (user: ReturnType<typeof renderForm>['user']) => user.click(screen.getByRole('button', { name: 'Submit' }));

describe('select and dropdown', () => {
  it('submits the chosen option value with its type', async () => {
    const { user, onSubmit } = renderForm([{ name: 'level', label: 'Level', type: 'select', required: true, selectOptions: { choices: [{ label: 'Junior', value: 1 }, { label: 'Senior', value: 2 }] } }]);
    const select = screen.getByRole('combobox', { name: /Level/ });
    expect(within(select).getByRole('option', { name: 'Select…' })).toBeTruthy();
    await user.selectOptions(select, 'Senior');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ level: 2 }, expect.anything()));
  });

  it('a lone N/A option is chosen and the select disabled, and N/A is submitted (spec §4)', async () => {
    const { user, onSubmit } = renderForm([{ name: 'veteran', label: 'Veteran status', type: 'dropdown', required: true, selectOptions: { choices: [{ label: 'Not applicable', value: 'N/A' }] } }]);
    const select = screen.getByRole('combobox', { name: /Veteran status/ }) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Not applicable'));
    expect(select.disabled).toBe(true);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ veteran: 'N/A' }, expect.anything()));
  });

  it('no choices offer Not Applicable (spec §8)', async () => {
    renderForm([{ name: 'region', label: 'Region', type: 'select', selectOptions: { choices: [] } }]);
    const select = screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Not Applicable'));
  });

  it('a value not among the options is reset, so a required select asks again', async () => {
    const { user, onSubmit } = renderForm(
      [{ name: 'level', label: 'Level', type: 'select', required: true, selectOptions: { choices: [{ label: 'Junior', value: 'junior' }] } }],
      { defaultValues: { level: 'principal' } },
    );
    await submit(user);
    expect(await screen.findByText(`${isolate('Level')} is required`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('select with an apiEndpoint (spec §7)', () => {
  const definition = [
    { name: 'country', label: 'Country', type: 'select', selectOptions: { choices: [{ label: 'Canada', value: 'CA' }, { label: 'United States', value: 'US' }] } },
    { name: 'region', label: 'Region', type: 'dropdown', required: true, dependencies: ['country'], selectOptions: { apiEndpoint: '/api/regions?country={{parentValue}}' } },
  ];

  it('loads options for the parent value, resets a value of another parent, and offers N/A for an empty answer', async () => {
    const server = installFetchMock();
    server.on('GET', '/api/regions', (request) => {
      const country = request.url.searchParams.get('country');
      const options = country === 'CA' ? [{ label: 'Ontario', value: 'ON' }, { label: 'Quebec', value: 'QC' }] : [];
      return jsonResponse(200, { data: { options } });
    });
    const { user, onSubmit } = renderForm(definition);
    const region = screen.getByRole('combobox', { name: /Region/ }) as HTMLSelectElement;
    expect(within(region).getAllByRole('option')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/regions')).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Canada');
    await user.selectOptions(region, await within(region).findByRole('option', { name: 'Quebec' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United States');
    await waitFor(() => expect(region.selectedOptions[0]?.textContent).toBe('Not Applicable'));
    expect(region.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ country: 'US', region: 'N/A' }, expect.anything()));
    expect(server.callsTo('GET', '/api/regions').map((call) => call.url.search)).toEqual(['?country=CA', '?country=US']);
  });
});

describe('radio', () => {
  it('required: asks for a choice, and false is an answer', async () => {
    const { user, onSubmit } = renderForm([{ name: 'relocate', label: 'Willing to relocate?', type: 'radio', required: true, radioOptions: { choices: [{ label: 'Yes', value: true }, { label: 'No', value: false }] } }]);
    const group = screen.getByRole('group', { name: /Willing to relocate/ });
    await submit(user);
    await waitFor(() => expect(descriptions(group)).toEqual([`${isolate('Willing to relocate')} is required`]));
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Yes' }));
    await user.click(within(group).getByRole('radio', { name: 'No' }));
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ relocate: false }, expect.anything()));
  });
});

describe('checkbox and checkbox group', () => {
  it('a required checkbox must be ticked (consent)', async () => {
    const { user, onSubmit } = renderForm([{ name: 'consent', label: 'I agree to the privacy policy', type: 'checkbox', required: true }]);
    await submit(user);
    expect(await screen.findByText(`${isolate('I agree to the privacy policy')} is required`)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ consent: true }, expect.anything()));
  });

  it('a group holds the chosen values in the order of the choices, with its count rule', async () => {
    const { user, onSubmit } = renderForm([
      { name: 'days', label: 'Days available', type: 'checkboxItem', rules: [{ type: 'minLength', value: 2 }], checkboxOptions: { choices: [{ label: 'Mon', value: 'mon' }, { label: 'Tue', value: 'tue' }, { label: 'Wed', value: 'wed' }] } },
    ]);
    const group = screen.getByRole('group', { name: 'Days available' });
    await user.click(within(group).getByRole('checkbox', { name: 'Wed' }));
    await submit(user);
    expect(await screen.findByText('Select at least 2 options.')).toBeTruthy();
    await user.click(within(group).getByRole('checkbox', { name: 'Mon' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Tue' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Tue' }));
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ days: ['mon', 'wed'] }, expect.anything()));
  });
});

describe('radio after a failed submit', () => {
  it('drops its error as soon as a choice is made, before focus leaves (the page does not move under the next press)', async () => {
    const { user } = renderForm([
      { name: 'laptop', label: 'Laptop', type: 'radio', required: true, radioOptions: { choices: [{ label: 'MacBook Pro', value: 'mac' }, { label: 'ThinkPad', value: 'thinkpad' }] } },
    ]);
    await submit(user);
    const group = screen.getByRole('group', { name: /Laptop/ });
    await waitFor(() => expect(within(group).getByText(/required/)).toBeTruthy());
    await user.click(screen.getByRole('radio', { name: 'ThinkPad' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'ThinkPad' }));
    await waitFor(() => expect(within(group).queryByText(/required/)).toBeNull());
  });
});
