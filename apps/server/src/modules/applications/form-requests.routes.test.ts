import { FormRequestDetailResponseSchema, FormsListResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { expectJsonError } from '../search/search.fixtures';
import { handmadePdf } from '../offers/signed-upload.corpus';
import { fileEntry } from './applications.test-support';

/** A whole PDF: forms-center PDFs go through the offer uploads' inspection (T07). */
const PDF_BYTES = Buffer.from(handmadePdf());

const LIST = '/api/pcsx/forms_list';
const form = (id: string) => `/api/pcsx/forms/${id}`;

forEachDatabase('forms center (spec §7 forms_list, issue 9)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;

  const list = async (client: TestClient, query: string) => {
    const response = await client.request({ method: 'GET', url: `${LIST}?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return FormsListResponseSchema.parse(response.json()).data;
  };
  const requestRow = (id: string) => context().database.db.selectFrom('formRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    await seedForTests(context(), 10);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
  });
  afterAll(() => app.close());

  it('lists Ada’s forms by tab, with the tab list and its counts when asked', async () => {
    const open = await list(ada, 'tab_id=open&include_tab_list=true');
    expect(open.forms.map((item) => item.id)).toEqual(['form-request-ada-equipment']);
    expect(open.tabs).toEqual([
      { id: 'open', label: 'Open', count: 1 },
      { id: 'in_progress', label: 'In progress', count: 1 },
      { id: 'completed', label: 'Completed', count: 1 },
    ]);
    expect((await list(ada, 'tab_id=in_progress')).forms.map((item) => item.id)).toEqual(['form-request-ada-preboarding']);
    const completed = await list(ada, 'tab_id=completed');
    expect(completed.forms.map((item) => item.id)).toEqual(['form-request-ada-handbook']);
    expect(completed.tabs).toBeUndefined();
    // When the company asked for each form (the forms center's "Requested" date).
    expect(completed.forms[0]?.requested_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list(ada, '')).forms.map((item) => item.id)).toEqual(['form-request-ada-equipment']);
  });

  it('refuses an unknown tab with 400', async () => {
    expectJsonError(await ada.request({ method: 'GET', url: `${LIST}?tab_id=archived` }), 400);
  });

  it('opens a form with its definition and saved values', async () => {
    const response = await ada.request({ method: 'GET', url: form('form-request-ada-preboarding') });
    const { data } = FormRequestDetailResponseSchema.parse(response.json());
    expect(data.values).toEqual({ legal_name: 'Augusta Ada King' });
    expect(data.form.sections.map((section) => section.id)).toEqual(['identity', 'emergency', 'documents']);
  });

  it('saves progress (open → in_progress), then refuses an invalid submit with field errors and keeps it in progress', async () => {
    const saved = await ada.request({ method: 'PUT', url: form('form-request-ada-equipment'), payload: { values: { laptop: 'mac' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await requestRow('form-request-ada-equipment')).status).toBe('in_progress');
    const error = expectJsonError(await ada.request({ method: 'POST', url: form('form-request-ada-equipment'), payload: { values: { laptop: 'amiga' } } }), 400);
    expect(Object.keys(error.fields ?? {})).toEqual(['laptop']);
    const row = await requestRow('form-request-ada-equipment');
    expect(row.status).toBe('in_progress');
    expect(JSON.parse(row.valuesJson)).toEqual({ laptop: 'mac' });
  });

  it('judges the preboarding form’s SSN only where it applies, stores its file, completes it and then refuses changes', async () => {
    const values = {
      legal_name: 'Augusta Ada King',
      date_of_birth: '1815-12-10',
      tax_country: 'US',
      ssn: '123-45-678',
      sin: 'ignored because hidden',
      emergency_name: 'Charles Babbage',
      emergency_phone: '+1 4155552671',
      id_document: [fileEntry('passport.pdf', PDF_BYTES)],
    };
    const bad = expectJsonError(await ada.request({ method: 'POST', url: form('form-request-ada-preboarding'), payload: { values } }), 400);
    expect(Object.keys(bad.fields ?? {})).toEqual(['ssn']);
    const response = await ada.request({ method: 'POST', url: form('form-request-ada-preboarding'), payload: { values: { ...values, ssn: '123-45-6789' } } });
    expect(response.statusCode, response.body).toBe(200);
    const row = await requestRow('form-request-ada-preboarding');
    expect(row.status).toBe('completed');
    const stored = JSON.parse(row.valuesJson) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('sin');
    const [file] = stored.id_document as { fileId: string }[];
    const bytes = await context().database.db.selectFrom('uploadedFiles').select('bytes').where('id', '=', file?.fileId ?? '').executeTakeFirstOrThrow();
    expect(Buffer.from(bytes.bytes)).toEqual(PDF_BYTES);
    const again = expectJsonError(await ada.request({ method: 'PUT', url: form('form-request-ada-preboarding'), payload: { values: {} } }), 409);
    expect(again.message).toBe('This form has already been submitted.');
  });

  describe('T01', () => {
    it('answers 404 to Grace for Ada’s forms, whatever the method, and changes nothing', async () => {
      const before = await requestRow('form-request-ada-handbook');
      for (const method of ['GET', 'PUT', 'POST'] as const) {
        const response = await grace.request({ method, url: form('form-request-ada-handbook'), payload: method === 'GET' ? undefined : { values: { handbook_read: true } } });
        expect(expectJsonError(response, 404).message).toBe('Form not found');
      }
      expect(await requestRow('form-request-ada-handbook')).toEqual(before);
      const graceForms = await list(grace, 'tab_id=open&include_tab_list=1');
      expect(graceForms.forms.map((item) => item.id)).toEqual(['form-request-grace-equipment']);
      expect(graceForms.tabs?.map((tab) => tab.count)).toEqual([1, 0, 0]);
    });

    it('answers a globex candidate 404 (401 or a CSRF 403 off his tenant) for Ada’s and Grace’s forms, whatever the domain, and changes nothing', async () => {
      const hank = new TestClient(app);
      expect((await hank.login(HANK)).statusCode).toBe(200);
      const mine = await hank.request({ method: 'GET', url: `${LIST}?tab_id=open&include_tab_list=1&domain=${HANK.domain}` });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(FormsListResponseSchema.parse(mine.json()).data.tabs?.map((tab) => tab.count)).toEqual([0, 0, 0]);
      for (const id of ['form-request-ada-equipment', 'form-request-ada-handbook', 'form-request-grace-equipment']) {
        const before = await requestRow(id);
        for (const domain of [HANK.domain, 'acme.example', undefined]) {
          for (const method of ['GET', 'PUT', 'POST'] as const) {
            const url = domain ? `${form(id)}?domain=${domain}` : form(id);
            const response = await hank.request({ method, url, payload: method === 'GET' ? undefined : { values: { laptop: 'mac', handbook_read: true } } });
            expect([401, 403, 404], `${method} ${url} → ${response.statusCode}`).toContain(response.statusCode);
            expect(response.body).not.toContain('form-request-');
          }
        }
        expect(await requestRow(id)).toEqual(before);
      }
    });

    it('needs a signed-in candidate and the CSRF token', async () => {
      const visitor = new TestClient(app);
      await visitor.start();
      expectJsonError(await visitor.request({ method: 'GET', url: LIST }), 401);
      expectJsonError(await ada.request({ method: 'PUT', url: form('form-request-ada-equipment'), payload: { values: {} }, withCsrf: false }), 403);
    });
  });
});
