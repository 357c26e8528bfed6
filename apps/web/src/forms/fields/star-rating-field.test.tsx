import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';

describe('star rating (spec §3, §9)', () => {
  it('five stars named Poor to Excellent, native radios of one group; the choice is a number 1 to 5', async () => {
    const { user, onSubmit } = renderForm([{ name: 'rating', label: 'How was the interview?', type: 'star_rating', required: true }]);
    const group = screen.getByRole('group', { name: /How was the interview/ });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('id') && document.querySelector(`label[for="${star.id}"]`)?.textContent)).toEqual([
      '★1 of 5: Poor',
      '★2 of 5: Average',
      '★3 of 5: Good',
      '★4 of 5: Very Good',
      '★5 of 5: Excellent',
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`${isolate('How was the interview')} is required`)).toBeTruthy();
    await user.click(within(group).getByRole('radio', { name: '4 of 5: Very Good' }));
    expect(within(group).getByText('Very Good', { selector: '.form-stars__caption' })).toBeTruthy();
    // One radio group (one name): the browser's arrow keys move between the stars.
    expect(new Set(stars.map((star) => star.getAttribute('name')))).toEqual(new Set(['rating']));
    await user.click(within(group).getByRole('radio', { name: '5 of 5: Excellent' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ rating: 5 }, expect.anything()));
  });
});
