/** What the page and the service worker say to each other (both import this file; nothing else here). */

/** The page's message asking a waiting worker to take over now (the 'Atualizar' of 'Nova versão disponível'). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The offline page, precached: the answer to a navigation when the network fails. */
export const OFFLINE_PAGE = '/offline.html';

/** The worker's address; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
