import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input, marks it required with an asterisk and ties the error to it', () => {
    render(<TextField label="Email" required error="Email is required" hint="We never share it." />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Email is required', 'We never share it.']);
    expect(screen.getByText('*', { exact: false }).getAttribute('aria-hidden')).toBe('true');
  });

  it('has no error state without an error', () => {
    render(<TextField label="City" />);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});
