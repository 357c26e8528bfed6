import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HTML_FORM_IMAGE, HtmlFormRenderer } from './html-form-renderer';
import { definitionOf, renderWithProviders } from './test-helpers';

const definition = definitionOf({
  title: 'Your first week',
  sections: [
    {
      title: 'Welcome',
      items: [
        { type: 'info', label: 'Meet the team', description: '<p>Lunch on <strong>Monday</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>', image: { src: 'https://cdn.acme.example/team.jpg', alt: 'The robotics team' } },
        { type: 'info', label: 'Your desk', description: 'Second floor', image: 'javascript:alert(1)' },
      ],
    },
  ],
});

describe('HTML form renderer (spec §2)', () => {
  it('shows each item’s label, sanitized description and a 400×200 image, plus the actions', async () => {
    renderWithProviders(<HtmlFormRenderer definition={definition} actions={<button type="button">Got it</button>} />);
    expect(screen.getByRole('article', { name: 'Your first week' })).toBeTruthy();
    expect(screen.getByText('Meet the team')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Monday').tagName).toBe('STRONG'));
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    const image = screen.getByRole('img', { name: 'The robotics team' }) as HTMLImageElement;
    expect([image.width, image.height]).toEqual([HTML_FORM_IMAGE.width, HTML_FORM_IMAGE.height]);
    expect(image.getAttribute('src')).toBe('https://cdn.acme.example/team.jpg');
    // An address that is not a web or same-site one shows no image at all.
    expect(document.querySelectorAll('img.html-form__image')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Form actions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Got it' })).toBeTruthy();
  });
});
