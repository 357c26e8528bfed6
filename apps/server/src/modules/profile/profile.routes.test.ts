import { Messages, PROFILE_LIST_MAX_ITEMS, PROFILE_SKILLS_MAX_ITEMS, type ProfileEditBody } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { expectJsonError } from '../search/search.fixtures';
import { editProfile, PROFILE_DETAILS, PROFILE_EDIT, readProfile, SAMPLE_ITEMS, SAMPLE_RESUME, SECTION_KEYS } from './profile.test-support';

const LIST_SECTIONS = Object.keys(SAMPLE_ITEMS) as (keyof typeof SAMPLE_ITEMS)[];

forEachDatabase('profile_details and profile_edit (spec §7, issue 11)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;

  /** Every profile row, to show a refused or foreign request changed nothing. */
  const profileRows = async () => {
    const { db } = context().database;
    return JSON.stringify({
      candidates: await db.selectFrom('candidates').select(['id', 'firstName', 'lastName', 'location', 'updatedAt']).orderBy('id').execute(),
      profiles: await db.selectFrom('candidateProfiles').selectAll().orderBy('candidateId').execute(),
    });
  };

  const newCandidate = async () => {
    const client = new TestClient(app);
    const response = await client.signup({ email: uniqueEmail('profile'), password: NEW_PASSWORD, firstName: 'Kim', lastName: 'Doe' });
    expect(response.statusCode, response.body).toBe(201);
    return client;
  };

  beforeAll(async () => {
    await seedForTests(context(), 10);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
    hank = new TestClient(app);
    await hank.login(HANK);
  });
  afterAll(() => app.close());

  it('answers a new candidate’s empty profile, with the account’s names and email', async () => {
    const kim = await newCandidate();
    const response = await kim.request({ method: 'GET', url: PROFILE_DETAILS });
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = await readProfile(kim);
    expect(profile.contact).toEqual({ firstName: 'Kim', lastName: 'Doe', phone: null, headline: null, summary: null });
    expect(profile.email).toMatch(/^profile-/);
    expect(profile).toMatchObject({ links: [], workExperience: [], education: [], skills: [], languages: [], certifications: [], resume: null, avatar: null });
  });

  it('updates the contact and the location, and the session’s user store shows the new names', async () => {
    const kim = await newCandidate();
    const contact = { firstName: 'Kimberly', lastName: 'Doe-Smith', phone: '+44 20 7946 0958', headline: 'Controls engineer', summary: 'Ten years of PLCs.\nAnd robots.' };
    const after = await editProfile(kim, { op_section: 'contact', operation: 'update', op_data: { value: contact } });
    expect(after.contact).toEqual(contact);
    const located = await editProfile(kim, { op_section: 'location', operation: 'update', op_data: { value: 'Leeds, England, United Kingdom' } });
    expect(located.location).toBe('Leeds, England, United Kingdom');
    expect(located.contact).toEqual(contact);
    const me = (await kim.request({ method: 'GET', url: '/api/auth/me' })).json() as { userStore: { profile: { firstName: string; location: string } } };
    expect(me.userStore.profile).toMatchObject({ firstName: 'Kimberly', location: 'Leeds, England, United Kingdom' });
    const cleared = await editProfile(kim, { op_section: 'location', operation: 'update', op_data: { value: '' } });
    expect(cleared.location).toBeNull();
  });

  describe.each(LIST_SECTIONS)('the %s list', (section) => {
    it('adds, updates and deletes by index, keeping the other items', async () => {
      const kim = await newCandidate();
      const key = SECTION_KEYS[section];
      const [first, second, third] = SAMPLE_ITEMS[section];
      const added = await editProfile(kim, { op_section: section, operation: 'add', op_data: { value: first } });
      expect(added[key]).toEqual([first]);
      const two = await editProfile(kim, { op_section: section, operation: 'add', op_data: { value: second } });
      expect(two[key]).toEqual([first, second]);
      const updated = await editProfile(kim, { op_section: section, operation: 'update', op_data: { index: 0, value: third } });
      expect(updated[key]).toEqual([third, second]);
      const deleted = await editProfile(kim, { op_section: section, operation: 'delete', op_data: { index: 0 } });
      expect(deleted[key]).toEqual([second]);
      expect(await readProfile(kim)).toEqual(deleted);
    });

    it('refuses an index past the end, and add/delete without what they need, with 422 and nothing changed', async () => {
      const kim = await newCandidate();
      const [first] = SAMPLE_ITEMS[section];
      await editProfile(kim, { op_section: section, operation: 'add', op_data: { value: first } });
      const before = await profileRows();
      const past = expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: section, operation: 'delete', op_data: { index: 1 } } }), 422);
      expect(past.message).toBe(Messages.invalidRequestReceived);
      expect(past.fields).toHaveProperty(['op_data.index']);
      const noIndex = expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: section, operation: 'update', op_data: { value: first } } }), 422);
      expect(noIndex.fields).toHaveProperty(['op_data.index']);
      const noValue = expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: section, operation: 'add', op_data: {} } }), 422);
      expect(noValue.fields).toHaveProperty(['op_data.value']);
      expect(await profileRows()).toBe(before);
    });
  });

  it('adds a skill once whatever its case, replaces the list without repeats, and refuses renaming one into another', async () => {
    const kim = await newCandidate();
    await editProfile(kim, { op_section: 'skills', operation: 'add', op_data: { value: 'Python' } });
    const again = await editProfile(kim, { op_section: 'skills', operation: 'add', op_data: { value: '  python ' } });
    expect(again.skills).toEqual(['Python']);
    const replaced = await editProfile(kim, { op_section: 'skills', operation: 'replace', op_data: { value: ['Go', 'SQL', 'go', 'Rust'] } });
    expect(replaced.skills).toEqual(['Go', 'SQL', 'Rust']);
    const error = expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'skills', operation: 'update', op_data: { index: 2, value: 'sql' } } }), 422);
    expect(error.fields?.['op_data.value']).toBe('This skill is already in your profile');
    expect((await readProfile(kim)).skills).toEqual(['Go', 'SQL', 'Rust']);
  });

  it('merges a reviewed resume: fills only empty contact fields, adds only new items, unions skills without case', async () => {
    const kim = await newCandidate();
    await editProfile(kim, { op_section: 'contact', operation: 'update', op_data: { value: { firstName: 'Kim', lastName: 'Doe', phone: null, headline: 'Controls engineer', summary: null } } });
    await editProfile(kim, { op_section: 'skills', operation: 'replace', op_data: { value: ['Python', 'PLC'] } });
    await editProfile(kim, { op_section: 'links', operation: 'add', op_data: { value: { label: 'github', url: 'https://github.com/example' } } });
    const merged = await editProfile(kim, { op_section: 'resume_import', operation: 'merge', op_data: { value: SAMPLE_RESUME } });
    expect(merged.contact).toEqual({ firstName: 'Kim', lastName: 'Doe', phone: '+44 20 7946 0958', headline: 'Controls engineer', summary: null });
    expect(merged.email).not.toBe('other@example.com');
    expect(merged.location).toBe('Manchester, England, United Kingdom');
    expect(merged.links).toHaveLength(1);
    expect(merged.workExperience).toEqual(SAMPLE_RESUME.workExperience);
    expect(merged.skills).toEqual(['Python', 'PLC', 'ROS 2', 'Kotlin']);
    expect(merged.languages).toEqual([{ name: 'German', proficiency: 'limited_working' }]);
    // The same resume again changes no list: everything in it is there already.
    const twice = await editProfile(kim, { op_section: 'resume_import', operation: 'merge', op_data: { value: SAMPLE_RESUME } });
    expect({ ...twice, updatedAt: '' }).toEqual({ ...merged, updatedAt: '' });
  });

  it('enforces each list’s cap: add past it is refused, a merge stops at it', async () => {
    const kim = await newCandidate();
    const many = Array.from({ length: PROFILE_SKILLS_MAX_ITEMS }, (_, index) => `Skill ${index}`);
    await editProfile(kim, { op_section: 'skills', operation: 'replace', op_data: { value: many } });
    const full = expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'skills', operation: 'add', op_data: { value: 'One more' } } }), 422);
    expect(full.fields?.['op_data.value']).toContain(`${PROFILE_SKILLS_MAX_ITEMS}`);
    expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'skills', operation: 'replace', op_data: { value: [...many, 'One more'] } } }), 422);
    const merged = await editProfile(kim, { op_section: 'resume_import', operation: 'merge', op_data: { value: { skills: ['Brand new'] } } });
    expect(merged.skills).toHaveLength(PROFILE_SKILLS_MAX_ITEMS);

    const languages = Array.from({ length: PROFILE_LIST_MAX_ITEMS }, (_, index) => ({ name: `Language ${index}`, proficiency: null }));
    for (const language of languages) await editProfile(kim, { op_section: 'languages', operation: 'add', op_data: { value: language } });
    expectJsonError(await kim.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'languages', operation: 'add', op_data: { value: { name: 'Basque' } } } }), 422);
    expect((await readProfile(kim)).languages).toHaveLength(PROFILE_LIST_MAX_ITEMS);
  });

  const badBodies: [string, unknown, string][] = [
    ['an unknown section', { op_section: 'salary', operation: 'update', op_data: { value: 1 } }, 'op_section'],
    ['an unknown operation', { op_section: 'skills', operation: 'upsert', op_data: { value: 'Go' } }, 'operation'],
    ['an operation the section does not take', { op_section: 'contact', operation: 'add', op_data: { value: {} } }, 'operation'],
    ['replace on a list other than skills', { op_section: 'links', operation: 'replace', op_data: { value: [] } }, 'operation'],
    ['merge outside resume_import', { op_section: 'skills', operation: 'merge', op_data: { value: [] } }, 'operation'],
    ['a contact without a first name', { op_section: 'contact', operation: 'update', op_data: { value: { firstName: ' ', lastName: 'Doe' } } }, 'op_data.value.firstName'],
    ['a control character', { op_section: 'contact', operation: 'update', op_data: { value: { firstName: 'Kim\u0000', lastName: 'Doe' } } }, 'op_data.value.firstName'],
    ['a javascript: link', { op_section: 'links', operation: 'add', op_data: { value: { label: 'x', url: 'javascript:alert(1)' } } }, 'op_data.value.url'],
    ['a javascript: credential', { op_section: 'certifications', operation: 'add', op_data: { value: { name: 'x', credentialUrl: 'javascript:alert(1)' } } }, 'op_data.value.credentialUrl'],
    ['an end before the start', { op_section: 'work_experience', operation: 'add', op_data: { value: { title: 'A', company: 'B', startDate: '2020-05', endDate: '2019-01' } } }, 'op_data.value.endDate'],
    ['a current role with an end', { op_section: 'education', operation: 'add', op_data: { value: { school: 'A', endDate: '2019-01', isCurrent: true } } }, 'op_data.value.endDate'],
    ['a malformed month', { op_section: 'certifications', operation: 'add', op_data: { value: { name: 'A', issuedOn: '2020-13' } } }, 'op_data.value.issuedOn'],
    ['an unknown proficiency', { op_section: 'languages', operation: 'add', op_data: { value: { name: 'Welsh', proficiency: 'fluent-ish' } } }, 'op_data.value.proficiency'],
    ['a skill that is too long', { op_section: 'skills', operation: 'add', op_data: { value: 'x'.repeat(61) } }, 'op_data.value'],
    ['a negative index', { op_section: 'skills', operation: 'delete', op_data: { index: -1 } }, 'op_data.index'],
    ['a location that is not text', { op_section: 'location', operation: 'update', op_data: { value: { city: 'Leeds' } } }, 'op_data.value'],
    ['a resume whose skills are not a list', { op_section: 'resume_import', operation: 'merge', op_data: { value: { skills: 'Go' } } }, 'op_data.value.skills'],
  ];

  it.each(badBodies)('refuses %s with 422, the spec’s message and the field, changing nothing', async (_name, payload, field) => {
    const before = await profileRows();
    const error = expectJsonError(await ada.request({ method: 'POST', url: PROFILE_EDIT, payload: payload as ProfileEditBody }), 422);
    expect(error).toMatchObject({ code: 'validation_failed', message: 'Invalid request received. Please try again' });
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(await profileRows()).toBe(before);
  });

  it('needs a signed-in candidate and a CSRF token', async () => {
    const visitor = new TestClient(app);
    await visitor.start();
    const before = await profileRows();
    const reading = await visitor.request({ method: 'GET', url: PROFILE_DETAILS });
    expectJsonError(reading, 401);
    expect(reading.headers['x-login']).toBe('1');
    expectJsonError(await visitor.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'skills', operation: 'add', op_data: { value: 'Go' } } }), 401);
    expectJsonError(await ada.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'skills', operation: 'add', op_data: { value: 'Go' } }, withCsrf: false }), 403);
    expect(await profileRows()).toBe(before);
  });

  describe('T01: each candidate reaches only their own profile', () => {
    it('Grace reads and edits her own; Ada’s stays as it was, whatever Grace sends', async () => {
      const adaBefore = await readProfile(ada);
      const graceProfile = await readProfile(grace);
      expect(graceProfile.encId).not.toBe(adaBefore.encId);
      expect(graceProfile.email).toBe(GRACE.email);
      // No request names a candidate: ids, emails and tenants in the body or query are not heard.
      const sneaky = await grace.request({
        method: 'POST',
        url: `${PROFILE_EDIT}?candidate=${adaBefore.encId}&candidateId=${adaBefore.encId}`,
        payload: { op_section: 'skills', operation: 'add', op_data: { value: 'Grace was here' }, candidateId: adaBefore.encId, encId: adaBefore.encId, email: ADA.email },
      });
      expect(sneaky.statusCode).toBe(200);
      expect((await readProfile(grace)).skills).toContain('Grace was here');
      const adaAfter = await readProfile(ada);
      expect(adaAfter).toEqual(adaBefore);
      expect(adaAfter.skills).not.toContain('Grace was here');
      const readAda = await grace.request({ method: 'GET', url: `${PROFILE_DETAILS}?candidate=${adaBefore.encId}&encId=${adaBefore.encId}` });
      expect(JSON.stringify(readAda.json())).not.toContain(ADA.email);
    });

    it('a globex candidate gets no acme profile: refused on acme, their own on globex', async () => {
      const before = await profileRows();
      expectJsonError(await hank.request({ method: 'GET', url: PROFILE_DETAILS }), 401);
      // Refused before the handler: the globex session is no session on acme (its CSRF token is not acme's either).
      const edit = await hank.request({ method: 'POST', url: PROFILE_EDIT, payload: { op_section: 'skills', operation: 'add', op_data: { value: 'Globex skill' } } });
      expect([401, 403]).toContain(edit.statusCode);
      expect(await profileRows()).toBe(before);
      const own = await readProfile(hank, HANK.domain);
      expect(own.email).toBe(HANK.email);
      // Ada's session on globex's host is not a session there.
      expectJsonError(await ada.request({ method: 'GET', url: `${PROFILE_DETAILS}?domain=${HANK.domain}` }), 401);
    });
  });
});
