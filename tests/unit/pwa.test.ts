import { describe, expect, it, vi } from 'vitest';
import { type BrowserFacts, isIosSafariTab } from '../../src/web/features/pwa/platform';
import {
  type ContainerLike,
  type RegistrationLike,
  type WorkerLike,
  watchForUpdates,
} from '../../src/web/features/pwa/updates';
import { SKIP_WAITING } from '../../src/web/sw/protocol';

/** Stand-ins for the browser's service worker objects: EventTargets whose state the test sets. */
class FakeWorker extends EventTarget implements WorkerLike {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
class FakeRegistration extends EventTarget implements RegistrationLike {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}
class FakeContainer extends EventTarget implements ContainerLike {
  constructor(public controller: unknown) {
    super();
  }
}

function setUp(controller: unknown, waiting: FakeWorker | null = null) {
  const registration = new FakeRegistration();
  registration.waiting = waiting;
  const container = new FakeContainer(controller);
  const updates: Array<() => void> = [];
  const actions = { prompt: vi.fn((update: () => void) => updates.push(update)), reload: vi.fn() };
  watchForUpdates(registration, container, actions);
  return { registration, container, actions, updates };
}

describe("the update prompt ('Nova versão disponível', issue 38)", () => {
  it('offers a new version once it has installed, and Atualizar makes it take over and then reloads', () => {
    const { registration, container, actions, updates } = setUp({ old: true });
    const next = new FakeWorker();
    registration.found(next);
    expect(actions.prompt).not.toHaveBeenCalled(); // still installing
    next.become('installed');
    expect(actions.prompt).toHaveBeenCalledTimes(1);
    expect(next.messages).toEqual([]);

    updates[0]?.();
    expect(next.messages).toEqual([{ type: SKIP_WAITING }]);
    expect(actions.reload).not.toHaveBeenCalled(); // not before the new worker controls the page
    container.dispatchEvent(new Event('controllerchange'));
    expect(actions.reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page opened', () => {
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    const { actions } = setUp({ old: true }, waiting);
    expect(actions.prompt).toHaveBeenCalledTimes(1);
  });

  it('the first install is not an update: no prompt, and taking control reloads nothing', () => {
    const { registration, container, actions } = setUp(null);
    const first = new FakeWorker();
    registration.found(first);
    first.become('installed');
    container.dispatchEvent(new Event('controllerchange'));
    expect(actions.prompt).not.toHaveBeenCalled();
    expect(actions.reload).not.toHaveBeenCalled();
  });

  it('a controller change the member did not ask for (another tab updated) does not reload this one', () => {
    const { registration, container, actions } = setUp({ old: true });
    const next = new FakeWorker();
    registration.found(next);
    next.become('installed');
    container.dispatchEvent(new Event('controllerchange'));
    expect(actions.reload).not.toHaveBeenCalled();
  });
});

const facts = (userAgent: string, more: Partial<BrowserFacts> = {}): BrowserFacts => ({
  userAgent,
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  ...more,
});
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const ipadAsMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe("where the iOS guide ('Compartilhar → Adicionar à Tela de Início') applies", () => {
  it('Safari on an iPhone, in a tab', () => {
    expect(isIosSafariTab(facts(iphoneSafari))).toBe(true);
  });
  it('an iPad asking for desktop pages (a Mac with a touch screen)', () => {
    expect(isIosSafariTab(facts(ipadAsMac, { platform: 'MacIntel', maxTouchPoints: 5 }))).toBe(true);
  });
  it('not in the Home Screen app itself, nor in other iOS browsers, nor on a Mac, nor on Android', () => {
    expect(isIosSafariTab(facts(iphoneSafari, { standalone: true }))).toBe(false);
    expect(isIosSafariTab(facts(iphoneChrome))).toBe(false);
    expect(isIosSafariTab(facts(ipadAsMac, { platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(false);
    expect(isIosSafariTab(facts(android, { platform: 'Linux armv8l' }))).toBe(false);
  });
});
