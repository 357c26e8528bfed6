import { MatchDetailsResponseSchema, PositionInsightsSchema, PROFILE_RESUME_PDF_PATH, ProfileAnalysisResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { translator } from '../../i18n/catalogues';
import { readPdfText } from '../pdf/read-pdf-text';
import { expectJsonError, storedPositions, ACME } from '../search/search.fixtures';
import { editProfile, readProfile } from './profile.test-support';

const ANALYSIS = '/api/pcsx/profile_analysis';

forEachDatabase('profile_analysis, the exported resume and match from the real profile (issue 11)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;

  const analysis = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: ANALYSIS });
    expect(response.statusCode, response.body).toBe(200);
    return ProfileAnalysisResponseSchema.parse(response.json()).data;
  };

  const newCandidate = async (firstName = 'Kim', lastName = 'Doe') => {
    const client = new TestClient(app);
    const response = await client.signup({ email: uniqueEmail('analysis'), password: NEW_PASSWORD, firstName, lastName });
    expect(response.statusCode, response.body).toBe(201);
    return client;
  };

  beforeAll(async () => {
    await seedForTests(context(), 40);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
    hank = new TestClient(app);
    await hank.login(HANK);
  });
  afterAll(() => app.close());

  it('seeds Ada’s full profile: work history, education, skills, languages, certifications, links', async () => {
    const profile = await readProfile(ada);
    expect(profile.contact.headline).toBe('Robotics Software Engineer');
    expect(profile.workExperience.length).toBeGreaterThanOrEqual(2);
    expect(profile.education.length).toBeGreaterThanOrEqual(1);
    expect(profile.skills).toContain('ROS 2');
    expect(profile.languages.length).toBeGreaterThanOrEqual(2);
    expect(profile.certifications.length).toBeGreaterThanOrEqual(1);
    expect(profile.links.length).toBeGreaterThanOrEqual(1);
    expect((await readProfile(grace)).workExperience[0]?.company).toBe('Eckert-Mauchly Computer Corp');
  });

  it('says what Ada’s profile is strongest in, from the tenant’s open positions', async () => {
    const result = await analysis(ada);
    expect(result.openPositions).toBeGreaterThan(0);
    expect(result.strengths.length).toBeGreaterThan(0);
    const adaSkills = new Set((await readProfile(ada)).skills.map((skill) => skill.toLowerCase()));
    for (const strength of result.strengths) expect(adaSkills.has(strength.skill.toLowerCase())).toBe(true);
    for (const add of result.skillsToAdd) expect(adaSkills.has(add.skill.toLowerCase())).toBe(false);
  });

  it('each suggested skill, once added, brings exactly that many more positions within reach', async () => {
    const kim = await newCandidate();
    await editProfile(kim, { op_section: 'skills', operation: 'replace', op_data: { value: ['Python'] } });
    const before = await analysis(kim);
    const [best] = before.skillsToAdd;
    expect(best).toBeDefined();
    if (!best) return;
    await editProfile(kim, { op_section: 'skills', operation: 'add', op_data: { value: best.skill } });
    const after = await analysis(kim);
    expect(after.positionsInReach).toBe(before.positionsInReach + best.additionalPositions);
    expect(after.strengths.map((strength) => strength.skill)).toContain(best.skill);
  });

  it('a job’s match reads the real profile: adding a missing skill raises the score to what it said', async () => {
    const kim = await newCandidate();
    const positions = (await storedPositions(context().database, ACME)).filter((position) => position.archivedAt === null);
    // Every seeded position lists 3 to 6 skills.
    const position = positions[0];
    if (!position) throw new Error('no open position');
    const match = async () => MatchDetailsResponseSchema.parse((await kim.request({ method: 'GET', url: `/api/pcsx/match_details?position_id=${position.id}` })).json()).data;
    const before = await match();
    expect(before?.matchedSkills).toEqual([]);
    const gain = before?.skillGains[0];
    expect(gain).toBeDefined();
    if (!before || !gain) return;
    expect(gain.score).toBeGreaterThan(before.score);
    await editProfile(kim, { op_section: 'skills', operation: 'add', op_data: { value: gain.skill } });
    const after = await match();
    expect(after?.score).toBe(gain.score);
    expect(after?.matchedSkills).toEqual([gain.skill]);
  });

  it('a job’s insights count its real applications', async () => {
    const adaApplied = await context().database.db.selectFrom('applications').select('positionId').where('email', '=', ADA.email).executeTakeFirstOrThrow();
    const response = await ada.request({ method: 'GET', url: `/api/pcsx/position_insights?position_id=${adaApplied.positionId}` });
    expect(response.statusCode, response.body).toBe(200);
    const insights = PositionInsightsSchema.parse(response.json()).insights;
    const trend = insights.find((insight) => insight.type === 'applicants_trend');
    // Seeded applications are dated days before the reference date: inside the trend's weeks when the clock is near it.
    if (trend?.type === 'applicants_trend') expect(trend.weeks.reduce((sum, week) => sum + week.count, 0)).toBeGreaterThan(0);
  });

  it('exports the profile as a PDF download named after the candidate, with the profile’s text, non-Latin names included', async () => {
    const response = await ada.request({ method: 'GET', url: PROFILE_RESUME_PDF_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Ada-Lovelace-resume\.pdf"/);
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await readPdfText(bytes)).pages.join('\n');
    for (const expected of ['Ada Lovelace', 'Robotics Software Engineer', 'Difference Engines Ltd', 'ROS 2', 'University of London', 'EXPERIENCE']) expect(text).toContain(expected);

    const lukasz = await newCandidate('Łukasz', 'Żółć-Ψ');
    const his = await lukasz.request({ method: 'GET', url: PROFILE_RESUME_PDF_PATH });
    expect(his.statusCode).toBe(200);
    expect(his.headers['content-disposition']).toContain("filename*=UTF-8''%C5%81ukasz-%C5%BB%C3%B3%C5%82%C4%87-%CE%A8-resume.pdf");
    expect((await readPdfText(his.rawPayload)).pages.join('\n')).toContain('Łukasz Żółć-Ψ');
  });

  it("writes the resume in the page's language: hl on the link first, then Accept-Language", async () => {
    const headings = (locale: string) => translator(locale, 'pdf')('resume.experience').toLocaleUpperCase(locale);
    const japanese = await ada.request({ method: 'GET', url: `${PROFILE_RESUME_PDF_PATH}?hl=ja`, headers: { 'accept-language': 'de' } });
    expect(japanese.statusCode).toBe(200);
    const text = (await readPdfText(japanese.rawPayload)).pages.join('\n');
    expect(text).toContain(headings('ja'));
    expect(text).toContain('Ada Lovelace');
    expect(text).not.toContain('EXPERIENCE');
    const german = await ada.request({ method: 'GET', url: PROFILE_RESUME_PDF_PATH, headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect((await readPdfText(german.rawPayload)).pages.join('\n')).toContain(headings('de'));
    // An unknown language is English, never an error.
    const unknown = await ada.request({ method: 'GET', url: `${PROFILE_RESUME_PDF_PATH}?hl=xx` });
    expect((await readPdfText(unknown.rawPayload)).pages.join('\n')).toContain('EXPERIENCE');
  });

  describe('T01: analysis and export are the caller’s own', () => {
    it('refuses visitors and other tenants’ sessions; Grace’s export is Grace’s', async () => {
      const visitor = new TestClient(app);
      await visitor.start();
      for (const url of [ANALYSIS, PROFILE_RESUME_PDF_PATH]) {
        expectJsonError(await visitor.request({ method: 'GET', url }), 401);
        expectJsonError(await hank.request({ method: 'GET', url }), 401);
      }
      const graces = await grace.request({ method: 'GET', url: `${PROFILE_RESUME_PDF_PATH}?candidate=${(await readProfile(ada)).encId}` });
      expect(graces.headers['content-disposition']).toContain('Grace-Hopper-resume.pdf');
      const text = (await readPdfText(graces.rawPayload)).pages.join('\n');
      expect(text).toContain('Grace Hopper');
      expect(text).not.toContain('Lovelace');
      expect((await hank.request({ method: 'GET', url: `${ANALYSIS}?domain=${HANK.domain}` })).statusCode).toBe(200);
    });
  });
});
