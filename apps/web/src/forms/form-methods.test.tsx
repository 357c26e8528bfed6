import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as FieldFrameModule from './fields/field-frame';
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

// Counts each controlled field's control draws: the render each field hands its frame, wrapped.
const controlDraws = vi.hoisted(() => new Map<string, number>());
vi.mock('./fields/field-frame', async (importOriginal) => {
  const actual = await importOriginal<typeof FieldFrameModule>();
  return {
    ...actual,
    ControlledField: (props: Parameters<typeof FieldFrameModule.ControlledField>[0]) =>
      actual.ControlledField({
        ...props,
        render: (field, ids) => {
          controlDraws.set(props.name, (controlDraws.get(props.name) ?? 0) + 1);
          return props.render(field, ids);
        },
      }),
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

  it('composite controls draw once when the form mounts, though react-hook-form hands their answers a fresh copy', async () => {
    controlDraws.clear();
    renderForm(
      [
        { name: 'period', label: 'Period', type: 'dateRange' },
        { name: 'skills', label: 'Skills', type: 'skillSelector' },
        { name: 'country', label: 'Country', type: 'select', selectOptions: { choices: [{ label: 'UK', value: 'uk' }] } },
      ],
      { layout: 'stepper', defaultValues: { period: { startDate: '2020-01', endDate: null, isCurrent: true }, skills: ['TypeScript'], country: 'uk' } },
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Object.fromEntries(controlDraws)).toEqual({ period: 1, skills: 1, country: 1 });
  });
});
