import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';

describe('info and instruction', () => {
  it('info shows its title and text; instruction HTML goes through the sanitizer', () => {
    renderForm([
      { type: 'info', label: 'Before you start', description: 'It takes five minutes.' },
      { type: 'instruction', label: 'How to answer', description: '<p>Answer <strong>honestly</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>' },
    ]);
    expect(screen.getByText('It takes five minutes.')).toBeTruthy();
    const note = screen.getByRole('note', { name: 'How to answer' });
    expect(note.querySelector('strong')?.textContent).toBe('honestly');
    expect(note.querySelector('script')).toBeNull();
    expect(note.innerHTML).not.toContain('onerror');
  });

  it('read more opens a long instruction cut to 150 px', async () => {
    const { user } = renderForm([{ type: 'instruction', label: 'Terms', description: '<p>Long text</p>', instructionOptions: { showReadMoreButton: true } }]);
    const toggle = screen.getByRole('button', { name: 'Read more' });
    const content = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(content.style.maxBlockSize).toBe('150px');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Read less' }).getAttribute('aria-expanded')).toBe('true');
    expect(content.style.maxBlockSize).toBe('');
  });
});
