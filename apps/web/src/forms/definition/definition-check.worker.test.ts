import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPhoneCountries } from '@careers/contracts';
import type { DefinitionCheckAnswer, DefinitionCheckRequest } from './definition-check-protocol';

const DEFINITION = { sections: [{ title: 'Contact', items: [{ name: 'phone', label: 'Phone', type: 'phone' }] }] };

/** Loads the worker's script as a worker would (a fresh module, its own listener) and talks to it as the page does. */
async function startWorkerScript() {
  vi.resetModules();
  const answers: DefinitionCheckAnswer[] = [];
  let listener: ((event: MessageEvent<DefinitionCheckRequest>) => void) | undefined;
  vi.spyOn(self, 'addEventListener').mockImplementation((type: string, handler: unknown) => {
    if (type === 'message') listener = handler as typeof listener;
  });
  vi.spyOn(self, 'postMessage').mockImplementation((answer: unknown) => answers.push(answer as DefinitionCheckAnswer));
  await import('./definition-check.worker');
  const send = (request: DefinitionCheckRequest) => listener?.(new MessageEvent('message', { data: request }));
  return { answers, send };
}

describe('the definition worker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the definition read and the countries named and sorted in the language asked', async () => {
    const { answers, send } = await startWorkerScript();
    send({ kind: 'countries', language: 'de', countries: listPhoneCountries() });
    send({ kind: 'definition', wire: DEFINITION });
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer?.definition).toMatchObject({ sections: [{ items: [{ name: 'phone', type: 'phone' }] }] });
    expect(answer?.countries?.language).toBe('de');
    const options = answer?.countries?.options ?? [];
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((option) => option.country === 'DE')).toEqual({ country: 'DE', callingCode: '49', name: 'Deutschland' });
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });

  it('answers without countries for a language Intl cannot use, and null for a definition it cannot read', async () => {
    const { answers, send } = await startWorkerScript();
    send({ kind: 'countries', language: 'not a language', countries: listPhoneCountries() });
    send({ kind: 'definition', wire: { sections: [{ title: 'Q', items: [{ name: 'x', label: 'X', type: 'hologram' }] }] } });
    expect(answers).toEqual([{ definition: null, countries: null }]);
  });

  it('answers a whole answer checked with its schema, its definition read, or refused', async () => {
    const { answers, send } = await startWorkerScript();
    const request = { id: 'r1', title: 'Tax forms', status: 'open', requested_at: '2026-11-01', due_at: null, updated_at: '2026-11-01', completed_at: null, form: DEFINITION, values: {} };
    send({ kind: 'answer', answerKind: 'formRequest', answer: { data: request } });
    send({ kind: 'answer', answerKind: 'formRequest', answer: { data: { ...request, values: 'none' } } });
    expect(answers[0]?.checked).toMatchObject({ ok: true, value: { id: 'r1', definition: { sections: [{ items: [{ name: 'phone' }] }] } } });
    expect(answers[1]).toEqual({ definition: null, checked: { ok: false }, countries: null });
  });
});
