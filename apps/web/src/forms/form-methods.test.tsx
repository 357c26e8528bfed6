import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as TextFieldModule from './fields/text-field';
import { isolate } from '../ui/bdi';
import { descriptions, renderForm } from './test-helpers';

// Counts each text field's renders: the field as the form uses it, wrapped.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./fields/text-field', async (importOriginal) => {
  const actual = await importOriginal<typeof TextFieldModule>();
  return {
    ...actual,
    TextField: (props: Parameters<typeof TextFieldModule.TextField>[0]) => {
      renders.set(props.name, (renders.get(props.name) ?? 0) + 1);
      return actual.TextField(props);
    },
  };
});

const ITEMS = [
  { name: 'first_name', label: 'First name', type: 'text', required: true },
  { name: 'last_name', label: 'Last name', type: 'text' },
  { name: 'city', label: 'City', type: 'text' },
];

describe('fields and the form state', () => {
  it('draw once when the form mounts, and not again when it becomes ready or is submitted', async () => {
    renders.clear();
    const { user, onSubmit } = renderForm(ITEMS, { defaultValues: { first_name: 'Ada', last_name: 'Lovelace', city: 'London' } });
    // react-hook-form marks the form ready in an effect right after it mounts: that is no reason to redraw a field.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /First name/ })).toBeTruthy());
    const mounted = Object.fromEntries(renders);
    expect(mounted).toEqual({ first_name: 1, last_name: 1, city: 1 });

    // Submitting flips isSubmitting and submitCount: the form redraws its button, the fields stay as they are.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(renders)).toEqual(mounted);
  });

  it('a field still shows its own error (its frame subscribes to it)', async () => {
    renders.clear();
    const { user } = renderForm(ITEMS);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const input = screen.getByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptions(input)).toEqual([`${isolate('First name')} is required`]);
  });
});
