import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { Modal } from './modal';

function Harness() {
  const [isOpen, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={createI18n()}>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal isOpen={isOpen} onClose={() => setOpen(false)} title="Edit name" description="Change how we greet you.">
        <label>
          Name <input />
        </label>
        <button type="button">Save</button>
      </Modal>
    </I18nextProvider>
  );
}

describe('Modal', () => {
  it('is a labelled, described aria-modal dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit name' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Change how we greet you.');
  });

  it('keeps focus inside while open, in both directions', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
  });

  it('brings focus back inside when the control that had it is replaced by content arriving late', async () => {
    function Loading() {
      const [isLoaded, setLoaded] = useState(false);
      return (
        <I18nextProvider i18n={createI18n()}>
          <Modal isOpen onClose={() => undefined} title="Sign in">
            {isLoaded ? <input aria-label="Email" /> : <button type="button" onClick={() => setLoaded(true)}>Loading</button>}
          </Modal>
        </I18nextProvider>
      );
    }
    const user = userEvent.setup();
    render(<Loading />);
    const loading = screen.getByRole('button', { name: 'Loading' });
    loading.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its close button and restores focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
