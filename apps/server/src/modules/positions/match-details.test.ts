import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchDetailsSchema } from '@careers/contracts';
import { computeMatchDetails, matchingLocation, skillKey, titlesMatch, type MatchPosition } from './match-details';

const nurse: MatchPosition = {
  name: 'Senior Registered Nurse',
  skills: ['Triage', 'BLS', 'Patient Care', 'Epic'],
  locations: [{ city: 'Boston', region: 'MA', country: 'United States', lat: 42.36, lng: -71.06 }],
  is_remote: false,
  work_location_option: 'onsite',
};

describe('computeMatchDetails', () => {
  it('scores a strong match and explains it', () => {
    const details = computeMatchDetails(
      { skills: ['triage', 'bls', 'patient care', 'Excel'], title: 'Registered Nurse', location: 'Boston, MA' },
      nurse,
      0.7,
    );
    expect(details).toEqual({
      score: 0.85,
      isStrongMatch: true,
      matchedSkills: ['Triage', 'BLS', 'Patient Care'],
      missingSkills: ['Epic'],
      titleMatch: true,
      locationMatch: true,
      reasons: [
        { code: 'skills_matched', skills: ['Triage', 'BLS', 'Patient Care'], total: 4 },
        { code: 'title_matched', title: 'Senior Registered Nurse' },
        { code: 'location_matched', location: 'Boston' },
        { code: 'skills_missing', skills: ['Epic'] },
      ],
      // Issue 11: adding the one missing skill gives every skill: 0.6 + 0.25 + 0.15.
      skillGains: [{ skill: 'Epic', score: 1 }],
    });
  });

  it('invites a candidate without skills to add them', () => {
    const details = computeMatchDetails({ skills: [], title: null, location: null }, nurse, 0.7);
    expect(details.score).toBe(0);
    expect(details.isStrongMatch).toBe(false);
    expect(details.missingSkills).toEqual(['Triage', 'BLS', 'Patient Care', 'Epic']);
    expect(details.reasons.map((reason) => reason.code)).toEqual(['skills_missing', 'profile_has_no_skills']);
  });

  it('counts remote roles as a location match anywhere', () => {
    const details = computeMatchDetails({ skills: ['Epic'], title: 'Accountant', location: 'Lisbon' }, { ...nurse, is_remote: true, work_location_option: 'remote' }, 0.7);
    expect(details.locationMatch).toBe(true);
    expect(details.reasons).toContainEqual({ code: 'remote_role' });
    expect(details.score).toBe(0.3);
  });

  it('judges a job without skills on title and location alone', () => {
    const details = computeMatchDetails({ skills: ['Go'], title: 'Nurse', location: 'boston' }, { ...nurse, skills: [] }, 0.7);
    expect(details.score).toBe(1);
    expect(details.matchedSkills).toEqual([]);
  });

  it('always answers the contract, with a score in 0..1 (property)', () => {
    const text = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), fc.option(text, { nil: null }), fc.option(text, { nil: null }), fc.array(text, { maxLength: 6 }), fc.double({ min: 0, max: 1, noNaN: true }), (skills, title, location, jobSkills, threshold) => {
        const details = computeMatchDetails({ skills, title, location }, { ...nurse, skills: jobSkills }, threshold);
        expect(MatchDetailsSchema.parse(details)).toEqual(details);
        expect(details.isStrongMatch).toBe(details.score >= threshold);
      }),
      { numRuns: 500 },
    );
  });
});

describe('match helpers', () => {
  it('keeps symbol skills apart and folds case and accents', () => {
    expect(skillKey('C++')).not.toBe(skillKey('C#'));
    expect(skillKey(' Résumé  Writing ')).toBe('resume writing');
  });

  it('matches titles on their words, ignoring level words and plurals', () => {
    expect(titlesMatch('Nurse', 'Senior Registered Nurse')).toBe(true);
    expect(titlesMatch('Software Engineers', 'Lead Software Engineer')).toBe(true);
    expect(titlesMatch('Software Engineer', 'Engineering Manager')).toBe(false);
    expect(titlesMatch('Senior', 'Senior Nurse')).toBe(false);
  });

  it('matches a city named as whole words in the candidate location', () => {
    expect(matchingLocation('Greater Boston area', nurse.locations)).toBe('Boston');
    expect(matchingLocation('Bostonia', nurse.locations)).toBeNull();
    expect(matchingLocation('', nurse.locations)).toBeNull();
  });
});
