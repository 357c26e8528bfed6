import { ParsedResumeSchema } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { applicationForm } from '../../startup/seed/demo-forms';
import { resumeFormValues } from './apply-form';
import { parseDefinition } from './form-definition';

/** The parse_resume mapping (issue 9): what a resume yields as apply-form answers, only where it fits cleanly. */
const definition = parseDefinition(JSON.stringify(applicationForm('Acme')));

describe('resumeFormValues', () => {
  it('maps contact, location, skills, jobs and schools onto the seeded form’s fields', () => {
    const parsed = ParsedResumeSchema.parse({
      contact: { firstName: 'Liu', lastName: 'Wei', email: 'liu.wei@example.cn', phone: '+86 138 0013 8000', headline: null },
      location: 'Shanghai, China',
      links: [{ label: 'LinkedIn', url: 'http://linkedin.com/in/liuwei' }],
      workExperience: [
        { title: 'Data Engineer', company: 'Jade Analytics', startDate: '2019-05', isCurrent: true },
        // No dates: the form's Dates are required, so the row would stop the submit; it is left out.
        { title: 'Intern', company: 'Pearl Systems' },
      ],
      education: [
        { school: 'Fudan University', degree: 'MSc', fieldOfStudy: 'Statistics', startDate: '2015-09', endDate: '2017-06' },
        { school: 'Night School', degree: 'Certificate in Pottery' },
      ],
      skills: ['Python', 'SQL'],
    });
    expect(resumeFormValues(definition, parsed)).toEqual({
      first_name: 'Liu',
      last_name: 'Wei',
      email: 'liu.wei@example.cn',
      phone: '+86 138 0013 8000',
      location: 'Shanghai, China',
      linkedin: 'https://linkedin.com/in/liuwei',
      current_title: 'Data Engineer',
      work_history: [{ company: 'Jade Analytics', title: 'Data Engineer', period: { startDate: '2019-05', endDate: null, isCurrent: true } }],
      education: [
        { school: 'Fudan University', degree: 'master', period: { startDate: '2015-09', endDate: '2017-06', isCurrent: false } },
        // A degree none of the form's choices names cleanly is left unanswered.
        { school: 'Night School' },
      ],
      skills: ['Python', 'SQL'],
    });
  });

  it('leaves out what the form would refuse, and everything the form does not ask', () => {
    const parsed = ParsedResumeSchema.parse({
      contact: { firstName: 'A'.repeat(150), lastName: 'Okafor', email: 'not-an-email', phone: '12', headline: 'Engineer' },
      links: [{ label: 'Site', url: 'https://example.com' }],
    });
    expect(resumeFormValues(definition, parsed)).toEqual({ last_name: 'Okafor', current_title: 'Engineer' });
    const bare = parseDefinition(JSON.stringify({ sections: [{ title: 'Only', items: [{ name: 'cover_letter', label: 'Cover letter', type: 'textarea' }] }] }));
    expect(resumeFormValues(bare, parsed)).toEqual({});
  });
});
