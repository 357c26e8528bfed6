import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { capitalized, careers, careersOk, createApiKey, EmployerApi, pdfPagesText, sha256Hex, textPdf, uniqueWord } from '../support/employer';
import { DESKTOP, PHONE } from '../support/screens';
import { isolate } from '../support/bidi';

// Issue 10 "Tests and figures": the end-to-end journey of a company and a candidate on the real server e2e/run.mjs
// starts. A key made by the command line creates a position through the employer API; a candidate signs up, finds
// it in search and applies with a resume; the company reads the application, moves it (API, then the command
// line), extends an offer with a PDF letter; the candidate sees the stage and the notification, signs the letter
// in the browser; the company downloads the signed PDF and certificate and reads a verified evidence chain.
// Every name is unique to the run (the database is shared with the other specs).
// About 40 s each on an idle 2-core host; the limit leaves room for a loaded one.
test.describe.configure({ timeout: 120_000 });
test.use({ reducedMotion: 'reduce' });

const TENANT = 'acme.example';
const BOSTON = { city: 'Boston', region: 'Massachusetts', country: 'United States', lat: 42.3601, lng: -71.0589 };

interface AdminPosition {
  id: number;
  title: string;
  externalRef: string;
}
interface AdminApplication {
  id: string;
  candidateId: string | null;
  email: string;
  positionId: number;
  stage: string;
  stageLabel: string;
}
interface AdminApplicationDetail extends AdminApplication {
  answers: Record<string, unknown>;
  files: { fileId: string; fieldName: string; fileName: string; sha256: string }[];
  events: { from: string | null; to: string; actor: string; reason: string | null }[];
}
interface AdminOffer {
  id: string;
  status: string;
  candidate_id: string;
  position: { id: number | null; name: string };
  documents: { id: string; name: string; signed: boolean; signer_name: string | null; original_sha256: string | null; signed_sha256: string | null }[];
}
interface Evidence {
  offer_id: string;
  valid: boolean;
  verification: { ok: boolean; broken_at: number | null };
  events: { seq: number; event: Record<string, unknown>; missing: string[] }[];
}

let apiKey = '';

test.beforeAll(async () => {
  // The company's operator makes the key on the command line, against the running server's database.
  apiKey = await createApiKey(TENANT, `e2e journey ${uniqueWord(6)}`);
});

/** The candidate-facing part in one viewport; the company's part goes through page.request (the same server). */
async function journey(page: Page, testInfo: TestInfo, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  const isPhone = viewport.width < 600;
  const api = new EmployerApi(page.request, apiKey);
  const word = uniqueWord();
  const title = `Orbital Cartographer ${capitalized(word)}`;
  const candidate = { firstName: 'Mae', lastName: capitalized(uniqueWord(8)), email: `journey-${word}@example.org`, password: `star-charts-${word}` };
  const fullName = `${candidate.firstName} ${candidate.lastName}`;
  const timings: Record<string, number> = {};
  const started = Date.now();
  let lap = started;
  /** Seconds each step took, reported with the test (a slow step on a loaded host is then visible). */
  const step = (name: string) => {
    timings[name] = Math.round((Date.now() - lap) / 100) / 10;
    lap = Date.now();
  };

  // 1. The company creates a position through the employer API.
  const position = await api.json<AdminPosition>(
    api.post('/positions', {
      externalRef: `journey-${word}`,
      title,
      department: 'Engineering',
      employmentType: 'FULL_TIME',
      seniority: 'mid',
      description: `Chart the orbits of ${word} and its moons.\n\nYou will work with the navigation team.`,
      skills: ['Cartography', 'Python'],
      isRemote: false,
      salaryMin: 90_000,
      salaryMax: 120_000,
      salaryCurrency: 'USD',
      postedAt: new Date().toISOString(),
      validThrough: null,
      locations: [BOSTON],
    }),
    201,
  );
  expect(position.title).toBe(title);
  const createdAt = Date.now();

  // 2. Search finds it (the index is patched with the write, not rebuilt): poll, bounded. Issue 10: "a
  // candidate finds it in search within 1 s" — measured to the start of the first search that lists it, so a
  // slow answer on a loaded host is not counted as the index lagging.
  let askedAt = createdAt;
  await expect
    .poll(
      async () => {
        askedAt = Date.now();
        const answer = await page.request.get('/api/pcsx/search', { params: { query: word } });
        return ((await answer.json()) as { positions: { id: number }[] }).positions.map((found) => found.id);
      },
      { message: 'candidate search finds the new position', timeout: 5_000, intervals: [50, 100, 250] },
    )
    .toEqual([position.id]);
  timings.searchFreshMs = askedAt - createdAt;
  timings.searchAnsweredMs = Date.now() - createdAt;
  expect(timings.searchFreshMs, 'the write is in search within 1 s').toBeLessThan(1_000);
  step('positionCreatedAndFoundS');

  // 3. A candidate creates an account on the site.
  await page.goto('/careers');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  await dialog.getByLabel('First name').fill(candidate.firstName);
  await dialog.getByLabel('Last name').fill(candidate.lastName);
  await dialog.getByLabel('Email').fill(candidate.email);
  await dialog.getByLabel('Password').fill(candidate.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${fullName}`) })).toBeVisible();
  step('signedUpS');

  // 4. …searches for the job, opens it and applies.
  await page.getByLabel('Search jobs').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Jobs' });
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.getByRole('link')).toHaveText(title);
  await results.getByRole('link', { name: title }).click();
  if (isPhone) {
    await expect(page).toHaveURL(new RegExp(`/careers/job/${position.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Apply', exact: true }).click();
  } else {
    const pane = page.getByRole('complementary', { name: 'Job details' });
    await expect(pane.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await pane.getByRole('link', { name: 'Apply', exact: true }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/careers/apply\\?pid=${position.id}`));

  // A new account tells the site about itself first (spec §2 protected routes: profile bootstrapping).
  const form = page.getByRole('form', { name: 'Application' });
  const bootstrap = page.getByRole('heading', { name: 'Tell us about yourself' });
  await expect(form.or(bootstrap)).toBeVisible();
  if (await bootstrap.isVisible()) {
    await page.getByLabel('Location').fill('Boston, MA');
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${title}` })).toBeVisible();
  await expect(form).toBeVisible();
  // The account's name and email come prefilled; the rest is the candidate's to give.
  await expect(page.getByLabel(/^First name/)).toHaveValue(candidate.firstName);
  await expect(page.getByLabel(/^Email/)).toHaveValue(candidate.email);
  await page.getByLabel('Phone number').fill('(617) 555-0142');
  await page.getByRole('button', { name: `Add ${isolate('Python')}` }).click();
  const resume = await textPdf([fullName, 'Orbital mechanics, star charts', `Resume for ${title}`]);
  await page.locator('[data-field="resume"] input[type="file"]').setInputFiles({ name: `${word}-resume.pdf`, mimeType: 'application/pdf', buffer: resume });
  await expect(page.locator('[data-field="resume"] li')).toContainText(`${word}-resume.pdf`);
  await page.getByLabel(/may store and process my application data/).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeVisible();
  step('appliedS');

  // 5. The company lists the position's applications and reads this one, with the resume's bytes.
  const page1 = await api.json<{ items: AdminApplication[] }>(api.get(`/applications?positionId=${position.id}`));
  expect(page1.items).toHaveLength(1);
  const application = page1.items[0]!;
  expect(application.stage).toBe('submitted');
  const detail = await api.json<AdminApplicationDetail>(api.get(`/applications/${application.id}`));
  expect(detail.email).toBe(candidate.email);
  expect(detail.answers.phone).toBeTruthy();
  expect(detail.files).toMatchObject([{ fieldName: 'resume', fileName: `${word}-resume.pdf`, sha256: sha256Hex(resume) }]);
  const storedResume = await api.bytes(`/applications/${application.id}/files/${detail.files[0]!.fileId}`, /^application\/pdf/);
  expect(sha256Hex(storedResume)).toBe(sha256Hex(resume));

  // …and moves it to review through the API, with a reason the candidate never sees.
  const moved = await api.json<AdminApplicationDetail>(api.post(`/applications/${application.id}/stage`, { stage: 'screening', reason: `journey ${word}: strong charts` }));
  expect(moved).toMatchObject({ stage: 'screening', stageLabel: 'In review' });
  expect(moved.events.at(-1)).toMatchObject({ from: 'submitted', to: 'screening', reason: `journey ${word}: strong charts`, actor: expect.stringMatching(/^employer:/) });

  step('readAndMovedS');

  // 6. The candidate sees the stage on the dashboard, and a notification.
  await page.goto('/careers/dashboard?tab=applications');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('In review', { exact: true }).first()).toBeVisible();
  await expect(card.locator('[aria-current="step"]')).toHaveText('In review');
  await expect(card).not.toContainText('strong charts');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 new');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(`Your application for ${title} moved to In review.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  step('stageSeenS');

  // 7. The company moves it on with the command line, then extends an offer with a PDF letter.
  const cliMove = await careersOk(['applications', 'move', application.id, '--tenant', TENANT, '--stage', 'offer', '--reason', 'offer approved', '--json']);
  expect(JSON.parse(cliMove)).toEqual({ id: application.id, stage: 'offer' });
  const afterCli = await api.json<AdminApplicationDetail>(api.get(`/applications/${application.id}`));
  expect(afterCli.events.at(-1)).toMatchObject({ from: 'screening', to: 'offer', actor: 'employer:cli', reason: 'offer approved' });
  const letter = await textPdf(['Offer letter', `Dear ${fullName},`, `We are pleased to offer you the position of ${title}.`]);
  const extended = await api.json<AdminOffer>(
    api.post('/offers', {
      candidate_email: candidate.email,
      position_external_ref: `journey-${word}`,
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      documents: [{ name: 'Offer letter', signing: 'inline', pdf_base64: letter.toString('base64') }],
    }),
    201,
  );
  expect(extended.status).toBe('Extended');
  expect(extended.position).toEqual({ id: position.id, name: title });
  const document = extended.documents[0]!;
  expect(document.original_sha256).toBe(sha256Hex(letter));

  step('cliMoveAndOfferS');

  // 8. The candidate opens the offer and signs the letter inline.
  await page.goto('/careers/offers');
  const offerCard = page.getByRole('article', { name: title });
  await expect(offerCard.getByText('Extended', { exact: true })).toBeVisible();
  await expect(offerCard.getByText('Action required')).toBeVisible();
  await offerCard.getByRole('link', { name: `View job offer for ${isolate(title)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/careers/offer/${extended.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Job offer for ${title}` })).toBeVisible();
  await page.getByRole('article', { name: 'Offer letter' }).getByRole('link', { name: `Start ${isolate('Offer letter')}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();
  // pdf.js has drawn the letter (its worker starts on this page: slower on a loaded host).
  await expect(page.getByRole('main').getByText(/^Page 1 of 1$/).first()).toBeVisible({ timeout: 15_000 });
  const sign = page.getByRole('form', { name: 'Sign your offer letter' });
  await sign.getByRole('textbox', { name: 'Enter your name as the electronic signature' }).fill(fullName);
  await sign.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }).check();
  await sign.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully submitted form for verification')).toBeVisible();
  // The offer's only document is signed: the whole offer is accepted.
  const acceptedRegion = page.getByRole('region', { name: 'Offer accepted' });
  await expect(acceptedRegion).toBeVisible();
  const candidateCopyUrl = await acceptedRegion.getByRole('link', { name: 'Download signed document' }).getAttribute('href');
  const candidateCopy = await page.request.get(candidateCopyUrl ?? '');
  expect(candidateCopy.status()).toBe(200);

  step('signedS');

  // 9. The company reads the accepted offer, downloads the signed PDF and the certificate, and the evidence.
  const accepted = await api.json<AdminOffer>(api.get(`/offers/${extended.id}`));
  expect(accepted.status).toBe('Accepted');
  const signedDocument = accepted.documents.find((candidateDocument) => candidateDocument.id === document.id)!;
  expect(signedDocument).toMatchObject({ signed: true, signer_name: fullName });

  const signedPdf = await api.bytes(`/offers/${extended.id}/documents/${document.id}/signed.pdf`, /^application\/pdf/);
  expect(signedPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(sha256Hex(signedPdf)).toBe(signedDocument.signed_sha256);
  // The company's copy is the candidate's copy, byte for byte.
  expect(sha256Hex(await candidateCopy.body())).toBe(sha256Hex(signedPdf));
  const signedPages = await pdfPagesText(signedPdf);
  // The letter as sent, with the signature stamped on it, and the signing certificate as its last page.
  expect(signedPages).toHaveLength(2);
  expect(signedPages[0]).toContain(`We are pleased to offer you the position of ${title}.`);
  expect(signedPages[0]).toContain(fullName);
  expect(signedPages[1]).toContain(fullName);

  const certificate = await api.bytes(`/offers/${extended.id}/certificate?document_id=${document.id}`, /^application\/pdf/);
  expect(certificate.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await pdfPagesText(certificate)).join(' ')).toContain(fullName);

  const evidence = await api.json<Evidence>(api.get(`/offers/${extended.id}/evidence`));
  expect(evidence.offer_id).toBe(extended.id);
  expect(evidence.valid).toBe(true);
  expect(evidence.verification).toEqual({ ok: true, broken_at: null, reason: null });
  for (const { event } of evidence.events) expect(event.offer_id).toBe(extended.id);
  const types = evidence.events.map(({ event }) => event.event_type);
  expect(types[0]).toBe('extended');
  expect(types).toContain('accepted');
  const acceptedEvent = evidence.events.find(({ event }) => event.event_type === 'accepted')!;
  expect(acceptedEvent.missing).toEqual([]);
  expect(acceptedEvent.event).toMatchObject({
    document_id: document.id,
    status_after: 'Accepted',
    typed_signature: fullName,
    // What the candidate was shown is the letter the company sent; what was stored is the PDF just downloaded.
    shown_document_sha256: sha256Hex(letter),
    result_document_sha256: sha256Hex(signedPdf),
  });

  // The operator's command line verifies the same chain.
  const verified = await careers(['evidence', 'verify', extended.id, '--tenant', TENANT]);
  expect(verified.code, verified.stderr).toBe(0);
  expect(verified.stdout).toContain(`offer ${extended.id}: ${evidence.events.length} event(s)`);
  expect(verified.stdout).toMatch(/^VALID: the chain verifies/m);

  // Every employer call the journey made is one the OpenAPI document describes to integrators.
  expect(await api.undocumentedCalls()).toEqual([]);
  expect(api.calls.size).toBeGreaterThanOrEqual(10);

  step('downloadsAndEvidenceS');
  timings.totalS = Math.round((Date.now() - started) / 100) / 10;
  testInfo.annotations.push({ type: 'journey-timings', description: JSON.stringify(timings) });
  console.log(`employer journey at ${viewport.width} px: ${JSON.stringify(timings)}`);
}

test.describe('the employer journey', () => {
  test('a key from the command line, a position through the API, a candidate applies, is moved, signs an offer; the company gets the signed PDF and verified evidence (1280 px)', async ({ page }, testInfo) => {
    await journey(page, testInfo, DESKTOP);
  });

  test('the same journey with the candidate on a phone (375 px)', async ({ page }, testInfo) => {
    await journey(page, testInfo, PHONE);
  });
});
