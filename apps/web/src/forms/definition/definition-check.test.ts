import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDefinitionCheck } from './definition-check';

const DEFINITION = { sections: [{ title: 'Contact', items: [{ name: 'email', label: 'Email', type: 'email' }] }] };

/** A worker that answers what the real one would, or fails to start its script. */
class FakeWorker extends EventTarget {
  static instances: FakeWorker[] = [];
  static behaviour: 'answer' | 'fail' = 'answer';
  posted: unknown[] = [];
  isTerminated = false;
  constructor() {
    super();
    FakeWorker.instances.push(this);
  }
  postMessage(data: unknown) {
    this.posted.push(data);
    queueMicrotask(() => {
      if (FakeWorker.behaviour === 'fail') this.dispatchEvent(new Event('error'));
      else this.dispatchEvent(new MessageEvent('message', { data: { answeredBy: 'worker' } }));
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
  });

  it('reads the definition on a worker started before the definition arrives, then ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const check = startDefinitionCheck();
    expect(FakeWorker.instances).toHaveLength(1);
    await expect(check.read(DEFINITION)).resolves.toEqual({ answeredBy: 'worker' });
    expect(FakeWorker.instances[0]?.posted).toEqual([DEFINITION]);
    expect(FakeWorker.instances[0]?.isTerminated).toBe(true);
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
});
