import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PreboardingFormRenderer } from './preboarding-form-renderer';
import { definitionOf, renderWithProviders, TODAY } from './test-helpers';
import { isolate } from '../ui/bdi';

const definition = definitionOf({
  sections: [
    {
      id: 'identity',
      title: 'Identity',
      items: [
        { name: 'legal_name', label: 'Full legal name', type: 'text', required: true },
        { name: 'ssn', label: 'Social security number', type: 'ssn', required: true, rules: [{ type: 'ssn' }] },
      ],
    },
    { id: 'emergency', title: 'Emergency contact', items: [{ name: 'emergency_name', label: 'Contact name', type: 'text', required: true }] },
  ],
});
const values = { legal_name: 'Ada Lovelace', ssn: '123-45-6789', emergency_name: 'Charles Babbage' };

describe('admin preboarding renderer (spec §2: sections with edit mode)', () => {
  it('shows the answers read-only with an Edit action per section; editing one section judges and saves it', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<PreboardingFormRenderer definition={definition} values={values} onSave={onSave} context={{ today: TODAY, defaultCountry: 'US' }} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Edit ${isolate('Identity')}` }));
    // Only that section is in edit mode; the other keeps its view and its Edit is unavailable meanwhile.
    const name = screen.getByRole('textbox', { name: /Full legal name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByText('Charles Babbage')).toBeTruthy();
    expect((screen.getByRole('button', { name: `Edit ${isolate('Emergency contact')}` }) as HTMLButtonElement).disabled).toBe(true);

    const ssn = screen.getByRole('textbox', { name: /Social security number/ });
    await user.clear(ssn);
    await user.type(ssn, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Social security number is invalid. Enter in the format of XXX-XX-XXXX.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(ssn);
    await user.type(ssn, '987654321');
    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ legal_name: 'Augusta Ada King', ssn: '987-65-4321', emergency_name: 'Charles Babbage' }, definition.sections[0]),
    );
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Edit ${isolate('Identity')}` }));
  }, 20_000);

  it('keeps the section open with a message when saving fails, and Cancel discards', async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('offline')));
    const { user } = renderWithProviders(<PreboardingFormRenderer definition={definition} values={values} onSave={onSave} context={{ today: TODAY, defaultCountry: 'US' }} />);
    await user.click(screen.getByRole('button', { name: `Edit ${isolate('Emergency contact')}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your changes could not be saved. Try again.');
    expect(screen.getByRole('textbox', { name: /Contact name/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Charles Babbage')).toBeTruthy();
  });

  it('offers no Edit when the form is not editable', () => {
    renderWithProviders(<PreboardingFormRenderer definition={definition} values={values} onSave={vi.fn()} isEditable={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('•••-••-6789')).toBeTruthy();
  });
});
