import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';

const workHistory = {
  name: 'work',
  label: 'Work history',
  type: 'dynamicList',
  rules: [
    { type: 'minLength', value: 1 },
    { type: 'maxLength', value: 2 },
  ],
  dynamicListOptions: {
    addButton: { text: 'Add a job' },
    items: [
      { name: 'employer', label: 'Employer', type: 'text', required: true },
      { name: 'current', label: 'Current job', type: 'checkbox' },
      { name: 'reason', label: 'Reason for leaving', type: 'text', visibility: { field: 'current', op: 'notEquals', value: true } },
    ],
  },
};

describe('dynamic list (spec §4)', () => {
  it('starts with one row at a minimum of 1; delete only above the minimum; Add hidden at the maximum', async () => {
    const { user } = renderForm([workHistory]);
    const list = screen.getByRole('group', { name: 'Work history' });
    await waitFor(() => expect(within(list).getAllByRole('textbox', { name: /Employer/ })).toHaveLength(1));
    expect(within(list).queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Add a job' }));
    expect(within(list).getAllByRole('textbox', { name: /Employer/ })).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: 'Add a job' })).toBeNull();
    expect(within(list).getAllByRole('button', { name: /Remove/ }).map((button) => button.getAttribute('aria-label'))).toEqual([`Remove ${isolate('Work history')} 1`, `Remove ${isolate('Work history')} 2`]);
    await user.click(within(list).getByRole('button', { name: `Remove ${isolate('Work history')} 1` }));
    expect(within(list).getAllByRole('textbox', { name: /Employer/ })).toHaveLength(1);
    expect(within(list).getByRole('button', { name: 'Add a job' })).toBeTruthy();
  });

  it('judges each row with its own visibility and submits the rows', async () => {
    const { user, onSubmit } = renderForm([workHistory]);
    const list = screen.getByRole('group', { name: 'Work history' });
    const firstRow = await within(list).findByRole('group', { name: `${isolate('Work history')} 1` });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(firstRow).findByText(`${isolate('Employer')} is required`)).toBeTruthy();
    await user.type(within(firstRow).getByRole('textbox', { name: /Employer/ }), ' Analytical Engines ');
    await user.type(within(firstRow).getByRole('textbox', { name: 'Reason for leaving' }), 'Moved');
    await user.click(within(firstRow).getByRole('checkbox', { name: 'Current job' }));
    await waitFor(() => expect(within(firstRow).queryByRole('textbox', { name: 'Reason for leaving' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ work: [{ employer: 'Analytical Engines', current: true }] }, expect.anything()));
  });
});
