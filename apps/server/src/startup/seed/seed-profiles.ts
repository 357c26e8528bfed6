import type { Certification, Education, ProfileLanguage, ProfileLink, WorkExperience } from '@careers/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * Ada's and Grace's full profiles (issue 11 "Data"): work history, education, languages, certifications and
 * links beside the title and skills the search demo seeded (search-demo.ts), so the profile page, match details,
 * profile_analysis and the exported resume all have a real profile to show. Fixed texts: no random draws.
 */
interface DemoProfile {
  email: string;
  phone: string;
  summary: string;
  links: ProfileLink[];
  workExperience: WorkExperience[];
  education: Education[];
  languages: ProfileLanguage[];
  certifications: Certification[];
}

export const DEMO_PROFILES: readonly DemoProfile[] = [
  {
    email: 'ada@acme.example',
    phone: '+44 20 7946 0018',
    summary:
      'Robotics software engineer who turns mathematics into machines that move. Eight years of perception, planning and control in C++ and Python, from research prototypes to fleets in production.',
    links: [
      { label: 'GitHub', url: 'https://github.com/ada-lovelace-demo' },
      { label: 'Notes on the Analytical Engine', url: 'https://example.org/ada/notes' },
    ],
    workExperience: [
      {
        title: 'Senior Robotics Software Engineer',
        company: 'Difference Engines Ltd',
        location: 'London, UK',
        startDate: '2021-03',
        endDate: null,
        isCurrent: true,
        description: 'Lead the perception stack of an autonomous warehouse fleet: SLAM on ROS 2, 40% fewer localisation faults.',
      },
      {
        title: 'Robotics Engineer',
        company: 'Babbage & Co',
        location: 'Cambridge, UK',
        startDate: '2017-09',
        endDate: '2021-02',
        isCurrent: false,
        description: 'Motion planning and computer vision (OpenCV) for pick-and-place arms.',
      },
    ],
    education: [
      { school: 'University of London', degree: 'MSc', fieldOfStudy: 'Mathematics', startDate: '2015-09', endDate: '2017-06', isCurrent: false, description: null },
      { school: 'University of Cambridge', degree: 'BA', fieldOfStudy: 'Mathematics', startDate: '2012-10', endDate: '2015-06', isCurrent: false, description: null },
    ],
    languages: [
      { name: 'English', proficiency: 'native' },
      { name: 'French', proficiency: 'professional_working' },
      { name: 'Italian', proficiency: 'elementary' },
    ],
    certifications: [
      { name: 'ROS 2 Developer', issuer: 'The Construct', issuedOn: '2022-05', expiresOn: null, credentialUrl: 'https://example.org/certificates/ros2-ada' },
    ],
  },
  {
    email: 'grace@acme.example',
    phone: '+1 212 555 0142',
    summary: 'Technical program manager who ships compilers, platforms and teams. Happiest where engineering and planning meet.',
    links: [{ label: 'LinkedIn', url: 'https://www.linkedin.com/in/grace-hopper-demo' }],
    workExperience: [
      {
        title: 'Technical Program Manager',
        company: 'Eckert-Mauchly Computer Corp',
        location: 'New York, NY',
        startDate: '2019-01',
        endDate: null,
        isCurrent: true,
        description: 'Run the compiler platform roadmap across four teams; introduced quarterly planning.',
      },
      {
        title: 'Software Engineer',
        company: 'Harvard Computation Lab',
        location: 'Cambridge, MA',
        startDate: '2014-07',
        endDate: '2018-12',
        isCurrent: false,
        description: null,
      },
    ],
    education: [
      { school: 'Yale University', degree: 'PhD', fieldOfStudy: 'Mathematics', startDate: '2008-09', endDate: '2014-05', isCurrent: false, description: null },
    ],
    languages: [
      { name: 'English', proficiency: 'native' },
      { name: 'German', proficiency: 'limited_working' },
    ],
    certifications: [
      { name: 'Project Management Professional (PMP)', issuer: 'PMI', issuedOn: '2020-02', expiresOn: '2026-02', credentialUrl: null },
      { name: 'Certified ScrumMaster', issuer: 'Scrum Alliance', issuedOn: '2018-11', expiresOn: null, credentialUrl: null },
    ],
  },
];

export async function seedProfiles(db: Kysely<DatabaseSchema>): Promise<void> {
  for (const profile of DEMO_PROFILES) {
    const candidate = await db.selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', profile.email).executeTakeFirst();
    if (!candidate) throw new Error(`Demo candidate ${profile.email} is missing`);
    await db
      .updateTable('candidateProfiles')
      .set({
        phone: profile.phone,
        summary: profile.summary,
        links: JSON.stringify(profile.links),
        workExperience: JSON.stringify(profile.workExperience),
        education: JSON.stringify(profile.education),
        languages: JSON.stringify(profile.languages),
        certifications: JSON.stringify(profile.certifications),
      })
      .where('tenantId', '=', candidate.tenantId)
      .where('candidateId', '=', candidate.id)
      .execute();
  }
}
