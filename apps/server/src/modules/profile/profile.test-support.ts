import type { ParsedResume, ProfileDetails, ProfileEditBody } from '@careers/contracts';
import { ProfileDetailsResponseSchema } from '@careers/contracts';
import { expect } from 'vitest';
import type { TestClient } from '../../test/app';

export const PROFILE_DETAILS = '/api/pcsx/profile_details';
export const PROFILE_EDIT = '/api/pcsx/profile_edit';

/** Three different valid items per list section (two to add, a third to update one with). */
export const SAMPLE_ITEMS = {
  links: [
    { label: 'GitHub', url: 'https://github.com/example' },
    { label: 'Portfolio', url: 'https://example.com/work' },
    { label: 'Blog', url: 'https://blog.example.com' },
  ],
  work_experience: [
    { title: 'Robotics Engineer', company: 'Acme Robotics', location: 'London', startDate: '2021-04', endDate: null, isCurrent: true, description: 'Motion planning.' },
    { title: 'Software Engineer', company: 'Analytical Engines Ltd', location: null, startDate: '2018-01', endDate: '2021-03', isCurrent: false, description: null },
    { title: 'Intern', company: 'Difference Co', location: 'Paris', startDate: null, endDate: null, isCurrent: false, description: null },
  ],
  education: [
    { school: 'University of London', degree: 'BSc', fieldOfStudy: 'Mathematics', startDate: '2014-09', endDate: '2017-06', isCurrent: false, description: null },
    { school: 'Open University', degree: 'MSc', fieldOfStudy: 'Computing', startDate: '2019-09', endDate: null, isCurrent: true, description: null },
    { school: 'Lycée Henri-IV', degree: null, fieldOfStudy: null, startDate: null, endDate: null, isCurrent: false, description: null },
  ],
  skills: ['Kotlin', 'Rust', 'Haskell'],
  languages: [
    { name: 'English', proficiency: 'native' },
    { name: 'French', proficiency: 'professional_working' },
    { name: '日本語', proficiency: null },
  ],
  certifications: [
    { name: 'AWS Solutions Architect', issuer: 'Amazon', issuedOn: '2023-05', expiresOn: '2026-05', credentialUrl: 'https://aws.example/cert/1' },
    { name: 'Certified ScrumMaster', issuer: 'Scrum Alliance', issuedOn: '2022-01', expiresOn: null, credentialUrl: null },
    { name: 'First Aid', issuer: null, issuedOn: null, expiresOn: null, credentialUrl: null },
  ],
} as const;

export const SECTION_KEYS = {
  links: 'links',
  work_experience: 'workExperience',
  education: 'education',
  skills: 'skills',
  languages: 'languages',
  certifications: 'certifications',
} as const satisfies Record<keyof typeof SAMPLE_ITEMS, keyof ProfileDetails>;

export const SAMPLE_RESUME: ParsedResume = {
  contact: { firstName: 'Someone', lastName: 'Else', email: 'other@example.com', phone: '+44 20 7946 0958', headline: 'Roboticist' },
  location: 'Manchester, England, United Kingdom',
  links: [{ label: 'GitHub', url: 'https://github.com/example' }],
  workExperience: [SAMPLE_ITEMS.work_experience[1]],
  education: [],
  skills: ['python', 'ROS 2', 'Kotlin'],
  languages: [{ name: 'German', proficiency: 'limited_working' }],
  certifications: [],
};

export async function readProfile(client: TestClient, domain?: string): Promise<ProfileDetails> {
  const response = await client.request({ method: 'GET', url: domain ? `${PROFILE_DETAILS}?domain=${domain}` : PROFILE_DETAILS });
  expect(response.statusCode, response.body).toBe(200);
  return ProfileDetailsResponseSchema.parse(response.json()).data;
}

export async function editProfile(client: TestClient, body: ProfileEditBody, domain?: string): Promise<ProfileDetails> {
  const response = await client.request({ method: 'POST', url: domain ? `${PROFILE_EDIT}?domain=${domain}` : PROFILE_EDIT, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return ProfileDetailsResponseSchema.parse(response.json()).data;
}
