import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@shared/first-data';

let answers: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(FIRST_DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
    } catch {
      // unreadable: every request goes to the network
    }
    element.remove();
  }
  return answers;
}

/** The answers are for the first screen: past this age (from the start of the page load) they are not used. */
const MAX_AGE_MS = 30_000;

/**
 * The answer the server wrote into the HTML for this GET, if any. Each is used once: a later refetch of the same
 * path (a retry, an invalidation) asks the network.
 */
export function takeFirstAnswer(path: string): unknown {
  if (typeof performance !== 'undefined' && performance.now() > MAX_AGE_MS) return undefined;
  const all = read();
  const key = firstDataKey(path);
  const answer = all.get(key);
  all.delete(key);
  return answer;
}
