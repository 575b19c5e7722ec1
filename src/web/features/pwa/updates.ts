import { SKIP_WAITING } from '@web/sw/protocol';

/** The parts of the browser's service worker objects that the update prompt uses (fakes in the unit tests). */
export interface WorkerLike extends EventTarget {
  readonly state: string;
  postMessage(message: unknown): void;
}
export interface RegistrationLike extends EventTarget {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
}
export interface ContainerLike extends EventTarget {
  readonly controller: unknown;
}

export interface UpdateActions {
  /** Shows 'Nova versão disponível'; `update` is its 'Atualizar'. */
  prompt(update: () => void): void;
  reload(): void;
}

/**
 * Watches a registration for a new version of the worker and offers it: a version that has installed while an
 * older one controls the page waits (the worker never skips waiting by itself, so an open page is never switched
 * under the member's feet). 'Atualizar' tells it to take over, and the page reloads once it has. The very first
 * install (no controller yet) is not an update: it takes control silently and nothing reloads.
 */
export function watchForUpdates(
  registration: RegistrationLike,
  container: ContainerLike,
  actions: UpdateActions,
) {
  let updating = false;
  let offered: WorkerLike | null = null;

  const offer = (worker: WorkerLike) => {
    if (!container.controller || offered === worker) return;
    offered = worker;
    actions.prompt(() => {
      updating = true;
      worker.postMessage({ type: SKIP_WAITING });
    });
  };

  container.addEventListener('controllerchange', () => {
    if (updating) actions.reload();
  });
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}
