import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';

describe('skill selector (spec §4)', () => {
  it('needs one skill when required; Add skill opens the entry; suggestions leave out chosen skills; Add all', async () => {
    const { user, onSubmit } = renderForm([
      { name: 'skills', label: 'Skills', type: 'skillSelector', required: true, skillSelectorOptions: { suggestedSkills: ['SQL', 'Python', 'Go'] } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`${isolate('Skills')} is required`)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    // The button gives way to the entry box, and focus goes with it (a keyboard user would otherwise start over).
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Type a skill and press Enter' }));
    await user.type(screen.getByRole('textbox', { name: 'Type a skill and press Enter' }), ' sql {Enter}');
    expect(screen.getByText('sql')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Add ${isolate('SQL')}` })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add all' }));
    expect(screen.queryByRole('button', { name: 'Add all' })).toBeNull();
    await user.click(screen.getByRole('button', { name: `Remove ${isolate('Python')}` }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ skills: ['sql', 'Go'] }, expect.anything()));
  });

  it('collapses to the threshold with +N and Show fewer', async () => {
    const { user } = renderForm([{ name: 'skills', label: 'Skills', type: 'skillSelector', skillSelectorOptions: { showMoreThreshold: 2 } }], {
      defaultValues: { skills: ['A', 'B', 'C', 'D'] },
    });
    expect(screen.queryByText('C')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show 2 more skills' }));
    expect(screen.getByText('D')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.queryByText('D')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 2 more skills' }).textContent).toBe('+2');
  });
});
