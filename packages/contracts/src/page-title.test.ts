import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle (spec §9)', () => {
  it('falls back to Careers at {company}', () => {
    expect(pageTitle({ company: 'Acme Robotics' })).toBe('Careers at Acme Robotics');
  });
  it('uses query plus location', () => {
    expect(pageTitle({ company: 'Acme', query: 'nurse', location: 'Boston' })).toBe('nurse in Boston');
    expect(pageTitle({ company: 'Acme', query: 'nurse' })).toBe('nurse');
  });
  it('uses the position name plus company', () => {
    expect(pageTitle({ company: 'Acme', positionName: 'Welder' })).toBe('Welder - Acme');
  });
  it('applies the config template', () => {
    expect(pageTitle({ company: 'Acme', template: '{title} | {company}', query: 'nurse' })).toBe('nurse | Acme');
    expect(pageTitle({ company: 'Acme', template: '{title} | {company}' })).toBe('Careers at Acme');
  });
  it('names the company once when the template does', () => {
    expect(pageTitle({ company: 'Acme', template: '{title} | {company}', positionName: 'Welder' })).toBe('Welder | Acme');
    expect(pageTitle({ company: 'Acme', template: '{title} — Jobs', positionName: 'Welder' })).toBe('Welder - Acme — Jobs');
  });
});
