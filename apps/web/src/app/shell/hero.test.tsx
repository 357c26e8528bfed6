import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { heroImageFor } from './hero';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

const heroImageConfig = {
  default: { desktop: '/d.svg', tablet: '/t.svg', phone: '/p.svg', alt: '', title: 'Default hero' },
  jobs: { desktop: '/jobs-d.svg', tablet: '/jobs-t.svg', phone: '/jobs-p.svg', alt: 'Our Zurich lab', title: 'Robots need people' },
};

describe('hero', () => {
  it.each([
    [375, '/jobs-p.svg'],
    [800, '/jobs-t.svg'],
    [1280, '/jobs-d.svg'],
  ])('at %i px wide shows %s', (width, src) => {
    setWidth(width);
    renderApp({ branding: { heroImageConfig } });
    expect(screen.getByRole('img', { name: 'Our Zurich lab' }).getAttribute('src')).toBe(src);
    expect(screen.getByRole('heading', { level: 1, name: 'Robots need people' })).toBeTruthy();
  });

  it("falls back to the default entry when the page has none", () => {
    setWidth(1280);
    renderApp({ branding: { heroImageConfig: { default: heroImageConfig.default } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Default hero' })).toBeTruthy();
    expect(document.querySelector('.hero__image')?.getAttribute('src')).toBe('/d.svg');
  });

  it('falls back to the next larger image when a size is missing', () => {
    const config = { desktop: '/d.svg', alt: '' };
    expect(heroImageFor(config, 'phone')).toBe('/d.svg');
    expect(heroImageFor({ ...config, tablet: '/t.svg' }, 'phone')).toBe('/t.svg');
  });

  it('without configuration shows the brand band with the page title', () => {
    setWidth(1280);
    renderApp({ branding: { heroImageConfig: {} } });
    expect(document.querySelector('.hero__image')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Careers at Acme Robotics' })).toBeTruthy();
  });
});
