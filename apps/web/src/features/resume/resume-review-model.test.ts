import type { ParsedResume } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { initialSelection, isEmptyResume, keptResume, selectedCount } from './resume-review-model';

const empty: ParsedResume = {
  contact: { firstName: null, lastName: null, email: null, phone: null, headline: null },
  location: null,
  links: [],
  workExperience: [],
  education: [],
  skills: [],
  languages: [],
  certifications: [],
};

describe('resume review model', () => {
  it('keeps everything found at first, and drops what is unticked', () => {
    const parsed: ParsedResume = {
      ...empty,
      contact: { ...empty.contact, firstName: 'Wei', lastName: 'Liu' },
      location: 'Singapore',
      skills: ['Python', 'SQL'],
      workExperience: [
        { title: 'A', company: 'B', location: null, startDate: null, endDate: null, isCurrent: false, description: null },
        { title: 'C', company: 'D', location: null, startDate: null, endDate: null, isCurrent: false, description: null },
      ],
    };
    const selection = initialSelection(parsed);
    expect(selectedCount(parsed, selection)).toBe(6);
    expect(keptResume(parsed, selection)).toEqual(parsed);
    const narrowed = { ...selection, location: false, jobs: [false, true], droppedSkills: new Set(['SQL']) };
    expect(selectedCount(parsed, narrowed)).toBe(3);
    expect(keptResume(parsed, narrowed)).toEqual({ ...parsed, location: null, workExperience: [parsed.workExperience[1]], skills: ['Python'] });
  });

  it('knows a resume with nothing to add', () => {
    expect(isEmptyResume(empty)).toBe(true);
    expect(isEmptyResume({ ...empty, skills: ['Go'] })).toBe(false);
  });
});
