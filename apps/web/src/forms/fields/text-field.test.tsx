import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { descriptions, renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';

describe('text fields (text, textarea, email, number, ssn, sin)', () => {
  it('label, required asterisk, description and error tied to the input; judged on blur', async () => {
    const { user } = renderForm([{ name: 'firstName', label: 'First name', type: 'text', required: true, description: 'As on your passport' }]);
    const input = screen.getByRole('textbox', { name: /First name/ });
    expect(input.hasAttribute('required')).toBe(true);
    expect(screen.getByText('*', { exact: false }).getAttribute('aria-hidden')).toBe('true');
    expect(descriptions(input)).toEqual(['As on your passport']);
    await user.click(input);
    await user.tab();
    await waitFor(() => expect(descriptions(input)).toEqual([`${isolate('First name')} is required`, 'As on your passport']));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.type(input, 'Ada');
    await user.tab();
    await waitFor(() => expect(input.hasAttribute('aria-invalid')).toBe(false));
  });

  it('trims on blur and submits the trimmed text', async () => {
    const { user, onSubmit } = renderForm([{ name: 'city', label: 'City', type: 'text' }]);
    const input = screen.getByRole('textbox', { name: 'City' });
    await user.type(input, '  Paris  ');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('Paris');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ city: 'Paris' });
  });

  it('Enter in an input does not submit; Enter in a textarea adds a line', async () => {
    const { user, onSubmit } = renderForm([
      { name: 'city', label: 'City', type: 'text' },
      { name: 'about', label: 'About you', type: 'textarea' },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Paris{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'About you' }), 'one{Enter}two');
    expect((screen.getByRole('textbox', { name: 'About you' }) as HTMLTextAreaElement).value).toBe('one\ntwo');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('email: the engine message on blur', async () => {
    const { user } = renderForm([{ name: 'email', label: 'Email', type: 'email', required: true }]);
    const input = screen.getByRole('textbox', { name: /Email/ });
    await user.type(input, 'ada@example');
    await user.tab();
    expect(await screen.findByText('Email is invalid. Use the format "name@example.com".')).toBeTruthy();
  });

  it('number: text that is no number, and a minimum', async () => {
    const { user } = renderForm([{ name: 'years', label: 'Years of experience', type: 'number', rules: [{ type: 'minValue', value: 1 }] }]);
    const input = screen.getByRole('textbox', { name: 'Years of experience' });
    await user.type(input, 'ten');
    await user.tab();
    expect(await screen.findByText('Enter a valid number.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(await screen.findByText('Enter a value greater than or equal to 1.')).toBeTruthy();
  });

  it('ssn formats as typed, caps at 11 characters and says the format', async () => {
    const { user } = renderForm([{ name: 'ssn', label: 'SSN', type: 'ssn' }]);
    const input = screen.getByRole('textbox', { name: 'SSN' }) as HTMLInputElement;
    expect(input.placeholder).toBe('XXX-XX-XXXX');
    await user.type(input, '12345678901');
    expect(input.value).toBe('123-45-6789');
    await user.clear(input);
    await user.type(input, '12345');
    await user.tab();
    expect(await screen.findByText('Social security number is invalid. Enter in the format of XXX-XX-XXXX.')).toBeTruthy();
  });

  it('sin formats as ddd-ddd-ddd', async () => {
    const { user, onSubmit } = renderForm([{ name: 'sin', label: 'SIN', type: 'sin' }]);
    const input = screen.getByRole('textbox', { name: 'SIN' }) as HTMLInputElement;
    expect(input.placeholder).toBe('XXX-XXX-XXX');
    await user.type(input, '123 456 789');
    expect(input.value).toBe('123-456-789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ sin: '123-456-789' }, expect.anything()));
  });
});
