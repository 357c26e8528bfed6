import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenCountry } from '../fields/country-options';
import { startDefinitionCheck } from './definition-check';
import type { DefinitionCheckAnswer, DefinitionCheckRequest } from './definition-check-protocol';

const DEFINITION = { sections: [{ title: 'Contact', items: [{ name: 'email', label: 'Email', type: 'email' }] }] };
/** A GET /api/pcsx/apply_form answer, as the server sends it. */
const APPLY_FORM = {
  data: {
    positions: [{ id: 7, name: 'Robotics Engineer', archived_at: null, department: 'Engineering', location: 'London' }],
    invalidPositionIds: [],
    alreadyAppliedPositionIds: [],
    form: DEFINITION,
    values: { email: 'ada@acme.example' },
    prefilledFrom: { email: 'profile' },
    draftUpdatedAt: null,
    loggedOutApply: false,
  },
};

/** A worker that answers what the real one would, or fails to start its script. */
class FakeWorker extends EventTarget {
  static instances: FakeWorker[] = [];
  static behaviour: 'answer' | 'refuse' | 'fail' = 'answer';
  static countries: DefinitionCheckAnswer['countries'] = null;
  posted: DefinitionCheckRequest[] = [];
  isTerminated = false;
  constructor() {
    super();
    FakeWorker.instances.push(this);
  }
  postMessage(data: DefinitionCheckRequest) {
    this.posted.push(data);
    if (data.kind === 'countries') return;
    const answer: unknown =
      data.kind === 'definition'
        ? { definition: { answeredBy: 'worker' }, countries: FakeWorker.countries }
        : { definition: null, checked: FakeWorker.behaviour === 'refuse' ? { ok: false } : { ok: true, value: { answeredBy: 'worker' } }, countries: null };
    queueMicrotask(() => {
      if (FakeWorker.behaviour === 'fail') this.dispatchEvent(new Event('error'));
      else this.dispatchEvent(new MessageEvent('message', { data: answer }));
    });
  }
  terminate() {
    this.isTerminated = true;
  }
}

describe('startDefinitionCheck', () => {
  afterEach(() => {
    FakeWorker.instances = [];
    FakeWorker.behaviour = 'answer';
    FakeWorker.countries = null;
  });

  it('reads the definition on a worker started before the definition arrives, then ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const check = startDefinitionCheck('fr');
    expect(FakeWorker.instances).toHaveLength(1);
    await expect(check.read(DEFINITION)).resolves.toEqual({ answeredBy: 'worker' });
    // The countries are asked for at once, while the form is fetched; the definition when it has come.
    const [countries, definition] = FakeWorker.instances[0]?.posted ?? [];
    expect(countries).toMatchObject({ kind: 'countries', language: 'fr' });
    // The page lists the countries (the worker carries no phone metadata): ~240, with their calling codes.
    expect(countries?.kind === 'countries' ? countries.countries.length : 0).toBeGreaterThan(200);
    expect(countries?.kind === 'countries' ? countries.countries.find((entry) => entry.country === 'FR') : undefined).toEqual({ country: 'FR', callingCode: '33' });
    expect(definition).toEqual({ kind: 'definition', wire: DEFINITION });
    expect(FakeWorker.instances[0]?.isTerminated).toBe(true);
  });

  it('keeps the countries the worker named, so a phone field names none on the main thread', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.countries = { language: 'x-test', options: [{ country: 'FR', callingCode: '33', name: 'France, named by the worker' }] };
    await startDefinitionCheck('x-test').read(DEFINITION);
    expect(chosenCountry('x-test', 'FR')).toEqual([{ country: 'FR', callingCode: '33', name: 'France, named by the worker' }]);
  });

  it('asks for no countries when the page has no language', () => {
    vi.stubGlobal('Worker', FakeWorker);
    startDefinitionCheck('');
    expect(FakeWorker.instances[0]?.posted).toEqual([]);
  });

  it('reads on the main thread when the worker fails, with the same verdicts', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.behaviour = 'fail';
    await expect(startDefinitionCheck().read(DEFINITION)).resolves.toMatchObject({ sections: [{ title: 'Contact' }] });
    await expect(startDefinitionCheck().read({ sections: [{ title: 'Q', items: [{ name: 'x', label: 'X', type: 'hologram' }] }] })).resolves.toBeNull();
  });

  it('reads on the main thread where the browser has no workers (jsdom)', async () => {
    expect(typeof Worker).toBe('undefined');
    await expect(startDefinitionCheck().read(DEFINITION)).resolves.toMatchObject({ sections: [{ items: [{ name: 'email', type: 'email' }] }] });
  });

  it('frees the worker when the definition never comes (a failed fetch)', () => {
    vi.stubGlobal('Worker', FakeWorker);
    startDefinitionCheck().cancel();
    expect(FakeWorker.instances[0]?.isTerminated).toBe(true);
  });

  it('checks a whole answer on the worker, as the response schema of the call', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const check = startDefinitionCheck('');
    await expect(check.answer('applyForm').parse(APPLY_FORM)).resolves.toEqual({ answeredBy: 'worker' });
    expect(FakeWorker.instances[0]?.posted).toEqual([{ kind: 'answer', answerKind: 'applyForm', answer: APPLY_FORM }]);
    expect(FakeWorker.instances[0]?.isTerminated).toBe(true);
  });

  it('fails the parse of an answer the worker refused', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.behaviour = 'refuse';
    await expect(startDefinitionCheck('').answer('applyForm').parse({ data: {} })).rejects.toThrow('does not match its schema');
  });

  it('checks the answer on the main thread when the worker fails or there is none, with the same verdicts', async () => {
    const checkBoth = async () => {
      const checked = await startDefinitionCheck('').answer('applyForm').parse(APPLY_FORM);
      expect(checked).toMatchObject({ positions: [{ id: 7 }], values: { email: 'ada@acme.example' } });
      expect(checked.definition).toMatchObject({ sections: [{ items: [{ name: 'email', type: 'email' }] }] });
      await expect(startDefinitionCheck('').answer('applyForm').parse({ data: { ...APPLY_FORM.data, positions: 'none' } })).rejects.toThrow();
    };
    await checkBoth();
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.behaviour = 'fail';
    await checkBoth();
  });

  it("reads an answer's definition as null, not as a refusal, when only the definition cannot be read", async () => {
    const hologram = { sections: [{ title: 'Q', items: [{ name: 'x', label: 'X', type: 'hologram' }] }] };
    const checked = await startDefinitionCheck('').answer('applyForm').parse({ data: { ...APPLY_FORM.data, form: hologram } });
    expect(checked.definition).toBeNull();
  });
});
