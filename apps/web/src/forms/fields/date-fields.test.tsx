import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';

const submit = (user: ReturnType<typeof renderForm>['user']) => user.click(screen.getByRole('button', { name: 'Submit' }));

describe('date', () => {
  it('limits the picker to enableFrom..enableUntil (0 = today, days from today) and judges the bounds', async () => {
    const { user, onSubmit } = renderForm([{ name: 'start', label: 'Available from', type: 'date', dateOptions: { enableFrom: 0, enableUntil: 30 } }]);
    const input = screen.getByLabelText('Available from') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.min).toBe('2026-11-25');
    expect(input.max).toBe('2026-12-25');
    fireEvent.change(input, { target: { value: '2026-11-20' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Choose a date on or after 2026-11-25.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '2026-12-01' } });
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ start: '2026-12-01' }, expect.anything()));
  });
});

describe('date range (spec §4)', () => {
  const range = { name: 'employment', label: 'Employment dates', type: 'dateRange', dateRangeOptions: { showCurrentCheck: true } };

  it('months by default; both ends are needed once one is given', async () => {
    const { user } = renderForm([range]);
    const group = screen.getByRole('group', { name: 'Employment dates' });
    const start = within(group).getByLabelText('Start date') as HTMLInputElement;
    expect(start.type).toBe('month');
    fireEvent.change(start, { target: { value: '2020-01' } });
    await submit(user);
    expect(await screen.findByText('Please enter both a start and end date.')).toBeTruthy();
  });

  it('"current" ends the range today and locks the end; unticking with an end missing clears the range', async () => {
    const { user, onSubmit } = renderForm([range]);
    const group = screen.getByRole('group', { name: 'Employment dates' });
    const start = within(group).getByLabelText('Start date') as HTMLInputElement;
    const end = within(group).getByLabelText('End date') as HTMLInputElement;
    const current = within(group).getByRole('checkbox', { name: 'I currently work here' });
    fireEvent.change(start, { target: { value: '2021-03' } });
    await user.click(current);
    expect(end.value).toBe('2026-11');
    expect(end.disabled).toBe(true);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ employment: { startDate: '2021-03', endDate: '2026-11', isCurrent: true } }, expect.anything()));
    await user.click(current);
    expect(end.disabled).toBe(false);
    expect(start.value).toBe('2021-03');
    const { user: other } = renderForm([{ ...range, name: 'second', label: 'Second job' }]);
    const second = screen.getByRole('group', { name: 'Second job' });
    await other.click(within(second).getByRole('checkbox', { name: 'I currently work here' }));
    await other.click(within(second).getByRole('checkbox', { name: 'I currently work here' }));
    expect((within(second).getByLabelText('End date') as HTMLInputElement).value).toBe('');
    expect((within(second).getByLabelText('Start date') as HTMLInputElement).value).toBe('');
  });

  it('a start after the end is refused', async () => {
    const { user } = renderForm([range]);
    const group = screen.getByRole('group', { name: 'Employment dates' });
    fireEvent.change(within(group).getByLabelText('Start date'), { target: { value: '2024-05' } });
    fireEvent.change(within(group).getByLabelText('End date'), { target: { value: '2023-01' } });
    await submit(user);
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeTruthy();
  });
});
