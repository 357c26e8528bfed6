import type { ProfileAnalysis, ProfileDetails, ProfileEditBody } from '@careers/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ProfilePage } from './profile-page';
import { isolate } from '../../../ui/bdi';

// /careers/profile (issue 11): every section shows the candidate's data and is edited in place through
// POST /api/pcsx/profile_edit; the answer (the profile) is what the page then shows; spec §8's messages.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ADA: ProfileDetails = {
  encId: 'cand_ada',
  email: 'ada@acme.example',
  contact: { firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0018', headline: 'Robotics Software Engineer', summary: 'Turns mathematics into machines that move.' },
  location: 'London, UK',
  avatar: null,
  links: [{ label: 'GitHub', url: 'https://github.com/ada-lovelace-demo' }],
  workExperience: [
    { title: 'Senior Robotics Software Engineer', company: 'Difference Engines Ltd', location: 'London, UK', startDate: '2021-03', endDate: null, isCurrent: true, description: 'Leads the perception stack.' },
    { title: 'Robotics Engineer', company: 'Babbage & Co', location: null, startDate: '2017-09', endDate: '2021-02', isCurrent: false, description: null },
  ],
  education: [{ school: 'University of London', degree: 'MSc', fieldOfStudy: 'Mathematics', startDate: '2015-09', endDate: '2017-06', isCurrent: false, description: null }],
  skills: ['C++', 'Python', 'ROS 2'],
  languages: [{ name: 'French', proficiency: 'professional_working' }],
  certifications: [{ name: 'ROS 2 Developer', issuer: 'The Construct', issuedOn: '2022-05', expiresOn: null, credentialUrl: null }],
  resume: { fileName: 'Ada Lovelace - Resume.pdf', contentType: 'application/pdf', size: 4200, uploadedAt: '2025-03-01T00:00:00.000Z' },
  updatedAt: '2025-03-01T00:00:00.000Z',
};

const EMPTY: ProfileDetails = {
  ...ADA,
  contact: { firstName: 'Kim', lastName: 'Doe', phone: null, headline: null, summary: null },
  location: null,
  links: [],
  workExperience: [],
  education: [],
  skills: [],
  languages: [],
  certifications: [],
  resume: null,
};

const ANALYSIS: ProfileAnalysis = { openPositions: 10, positionsInReach: 4, strengths: [{ skill: 'Python', openPositions: 6 }], strongestAreas: [], skillsToAdd: [{ skill: 'Kotlin', additionalPositions: 2, openPositions: 3 }] };

let server: FetchMock;
let stored: ProfileDetails;

/** A server that applies the few edits the tests make, and answers the profile as it then is. */
function answerEdits(apply: (profile: ProfileDetails, body: ProfileEditBody) => ProfileDetails) {
  server.on('POST', '/api/pcsx/profile_edit', (request) => {
    stored = apply(stored, request.body as ProfileEditBody);
    return jsonResponse(200, { data: stored });
  });
}

const edits = () => server.callsTo('POST', '/api/pcsx/profile_edit').map((call) => call.body as ProfileEditBody);

function renderProfile(profile: ProfileDetails = ADA) {
  stored = profile;
  server.on('GET', '/api/pcsx/profile_details', () => jsonResponse(200, { data: stored }));
  return renderWithProviders(<ProfilePage exportHref="/careers/export-resume" />, { isSignedIn: true, url: '/careers/profile' });
}

const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/profile_analysis', jsonResponse(200, { data: ANALYSIS }));
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage: each section shows the candidate’s data', () => {
  it('header, contact, location, experience, education, skills, languages, certifications and links', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Robotics Software Engineer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export as PDF resume' }).getAttribute('href')).toBe('/careers/export-resume');

    const contact = await section('Contact details');
    expect(within(contact).getByText('ada@acme.example')).toBeTruthy();
    expect(within(contact).getByText('+44 20 7946 0018')).toBeTruthy();
    expect(within(contact).getByText('Turns mathematics into machines that move.')).toBeTruthy();
    expect(within(await section('Location')).getByText('London, UK')).toBeTruthy();

    const work = await section('Work experience');
    const jobs = within(work).getAllByRole('listitem');
    expect(jobs).toHaveLength(2);
    expect(jobs[0]?.textContent).toContain('Senior Robotics Software Engineer');
    expect(jobs[0]?.textContent).toContain('Difference Engines Ltd · London, UK');
    expect(jobs[0]?.textContent).toMatch(/Mar 2021 – Present/);
    expect(jobs[1]?.textContent).toMatch(/Sep 2017 – Feb 2021/);

    expect(within(await section('Education')).getByText('MSc · Mathematics')).toBeTruthy();
    const skills = within(await section('Skills')).getByRole('list', { name: 'Skills' });
    expect(within(skills).getAllByRole('listitem').map((chip) => chip.textContent?.replace('×', ''))).toEqual(['C++', 'Python', 'ROS 2']);
    const languages = await section('Languages');
    expect(within(languages).getByText('French')).toBeTruthy();
    expect(within(languages).getByText('Professional working')).toBeTruthy();
    expect(within(await section('Certifications')).getByText('ROS 2 Developer')).toBeTruthy();
    expect(within(await section('Links')).getByRole('link', { name: 'github.com/ada-lovelace-demo' }).getAttribute('href')).toBe('https://github.com/ada-lovelace-demo');
  });

  it('shows the completion percentage by the eight-part rule, and what is missing links to its section', async () => {
    const { user } = renderProfile({ ...ADA, languages: [], resume: null });
    const completion = await section('Profile strength');
    expect(within(completion).getByText('75% complete')).toBeTruthy();
    expect(within(completion).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    const missing = within(completion).getAllByRole('button').map((button) => button.textContent);
    expect(missing).toEqual(['Upload a resume', 'Add a language']);
    const languages = await section('Languages');
    languages.scrollIntoView = vi.fn();
    await user.click(within(completion).getByRole('button', { name: 'Add a language' }));
    expect(document.activeElement).toBe(languages);
  });

  it('a complete profile says so at 100%', async () => {
    renderProfile();
    const completion = await section('Profile strength');
    expect(within(completion).getByText('100% complete')).toBeTruthy();
    expect(within(completion).getByText('Your profile is complete. Recruiters see everything they need.')).toBeTruthy();
  });
});

describe('ProfilePage: an empty profile', () => {
  it('shows a helpful empty state in every section, and 0% with all eight steps', async () => {
    renderProfile(EMPTY);
    expect(await screen.findByText('Add a headline so recruiters know what you do')).toBeTruthy();
    expect(screen.getByText('Location not set')).toBeTruthy();
    expect(within(await section('Location')).getByText('Add where you live or want to work.')).toBeTruthy();
    expect(within(await section('Work experience')).getByText('Add the roles you have held, newest first.')).toBeTruthy();
    expect(within(await section('Education')).getByText('Add schools, degrees and courses.')).toBeTruthy();
    expect(within(await section('Skills')).getByText('Add the skills you bring: they decide how jobs match you.')).toBeTruthy();
    expect(within(await section('Languages')).getByText('Add the languages you speak.')).toBeTruthy();
    expect(within(await section('Certifications')).getByText('Add certificates and licences.')).toBeTruthy();
    expect(within(await section('Links')).getByText('Add your portfolio, GitHub or LinkedIn.')).toBeTruthy();
    expect(within(await section('Contact details')).getByText('No summary yet.')).toBeTruthy();
    const completion = await section('Profile strength');
    expect(within(completion).getByText('0% complete')).toBeTruthy();
    expect(within(completion).getAllByRole('button')).toHaveLength(8);
  });

  it('says "Failed to fetch profile data" when the profile cannot be read, and retries', async () => {
    let fail = true;
    server.on('GET', '/api/pcsx/profile_details', () => (fail ? errorResponse(500, 'server_error', 'boom') : jsonResponse(200, { data: ADA })));
    const { user } = renderWithProviders(<ProfilePage exportHref="/careers/export-resume" />, { isSignedIn: true });
    expect(await screen.findByText('Failed to fetch profile data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
  });
});

describe('ProfilePage: editing in place saves through profile_edit and shows the answer', () => {
  it('contact details: the edit is sent, the form closes, the saved values show', async () => {
    answerEdits((profile, body) => ({ ...profile, contact: (body.op_data as { value: ProfileDetails['contact'] }).value }));
    const { user } = renderProfile();
    const contact = await section('Contact details');
    await user.click(within(contact).getByRole('button', { name: 'Edit Contact details' }));
    const form = within(contact).getByRole('form', { name: 'Edit Contact details' });
    const headline = within(form).getByLabelText(/^Headline/);
    await user.clear(headline);
    await user.type(headline, 'Principal Robotics Engineer');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Principal Robotics Engineer')).toBeTruthy();
    expect(within(contact).queryByRole('form')).toBeNull();
    expect(edits()).toEqual([
      { op_section: 'contact', operation: 'update', op_data: { value: { firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0018', headline: 'Principal Robotics Engineer', summary: 'Turns mathematics into machines that move.' } } },
    ]);
    expect(await screen.findByText('Profile saved')).toBeTruthy();
  });

  it('a work experience: updated by its index, and the list shows the server’s answer', async () => {
    answerEdits((profile, body) => {
      const { index, value } = body.op_data as { index: number; value: ProfileDetails['workExperience'][number] };
      return { ...profile, workExperience: profile.workExperience.map((job, at) => (at === index ? value : job)) };
    });
    const { user } = renderProfile();
    const work = await section('Work experience');
    await user.click(within(work).getByRole('button', { name: `Edit ${isolate('Robotics Engineer, Babbage & Co')}` }));
    const form = within(work).getByRole('form', { name: `Edit ${isolate('Robotics Engineer, Babbage & Co')}` });
    const title = within(form).getByLabelText(/^Job title/);
    await user.clear(title);
    await user.type(title, 'Lead Robotics Engineer');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(work).findByText('Lead Robotics Engineer')).toBeTruthy();
    const [sent] = edits();
    expect(sent).toMatchObject({ op_section: 'work_experience', operation: 'update', op_data: { index: 1, value: { title: 'Lead Robotics Engineer', company: 'Babbage & Co', startDate: '2017-09', endDate: '2021-02', isCurrent: false } } });
  });

  it('a skill: added in one step and shown as a chip; the completion follows', async () => {
    answerEdits((profile, body) => ({ ...profile, skills: [...profile.skills, String((body.op_data as { value: string }).value)] }));
    const { user } = renderProfile({ ...ADA, skills: ['C++', 'Python'] });
    expect(within(await section('Profile strength')).getByText('88% complete')).toBeTruthy();
    const skills = await section('Skills');
    await user.type(within(skills).getByRole('textbox', { name: 'Skill' }), 'Kotlin');
    await user.click(within(skills).getByRole('button', { name: 'Add skill' }));
    expect(await within(skills).findByText('Kotlin')).toBeTruthy();
    expect(edits()).toEqual([{ op_section: 'skills', operation: 'add', op_data: { value: 'Kotlin' } }]);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Profile strength' })).getByText('100% complete')).toBeTruthy());
  });

  it('an item is deleted only after confirmation', async () => {
    answerEdits((profile, body) => ({ ...profile, certifications: profile.certifications.filter((_item, at) => at !== (body.op_data as { index: number }).index) }));
    const { user } = renderProfile();
    const certifications = await section('Certifications');
    await user.click(within(certifications).getByRole('button', { name: `Delete ${isolate('ROS 2 Developer')}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    // The candidate's item, isolated in our sentence (issue 13).
    expect(within(dialog).getByText('ROS 2 Developer').tagName).toBe('BDI');
    expect(edits()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(certifications).findByText('Add certificates and licences.')).toBeTruthy();
    expect(edits()).toEqual([{ op_section: 'certifications', operation: 'delete', op_data: { index: 0 } }]);
  });
});

describe('ProfilePage: refusals (spec §8 "Profile edit")', () => {
  it('a 422 shows "Invalid request received. Please try again", the field’s own message, and keeps what was typed', async () => {
    server.on('POST', '/api/pcsx/profile_edit', errorResponse(422, 'validation_failed', 'Invalid request', { 'op_data.value.url': 'Enter an address that starts with https://' }));
    const { user } = renderProfile();
    const links = await section('Links');
    await user.click(within(links).getByRole('button', { name: 'Add Links' }));
    const form = within(links).getByRole('form', { name: 'Add Links' });
    await user.type(within(form).getByLabelText(/^Name/), 'Blog');
    await user.type(within(form).getByLabelText(/^Address/), 'ftp://blog.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Invalid request received. Please try again');
    expect(within(form).getByText('Enter an address that starts with https://')).toBeTruthy();
    expect((within(form).getByLabelText(/^Address/) as HTMLInputElement).value).toBe('ftp://blog.example');
    expect(within(links).queryByText('Blog')).toBeNull();
    expect(within(links).getAllByRole('listitem')).toHaveLength(1);
  });

  it('a 422 on a skill rolls the optimistic chip back and says so', async () => {
    server.on('POST', '/api/pcsx/profile_edit', errorResponse(422, 'validation_failed', 'Invalid request'));
    const { user } = renderProfile();
    const skills = await section('Skills');
    await user.type(within(skills).getByRole('textbox', { name: 'Skill' }), 'Kotlin');
    await user.click(within(skills).getByRole('button', { name: 'Add skill' }));
    expect((await screen.findAllByText('Invalid request received. Please try again')).length).toBeGreaterThan(0);
    await waitFor(() => expect(within(skills).queryByText('Kotlin')).toBeNull());
  });

  it('any other failure shows "Something went wrong. Please try again."', async () => {
    server.on('POST', '/api/pcsx/profile_edit', errorResponse(500, 'server_error', 'boom'));
    const { user } = renderProfile();
    const location = await section('Location');
    await user.click(within(location).getByRole('button', { name: 'Edit Location' }));
    const form = within(location).getByRole('form', { name: 'Edit Location' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
  });
});
