/**
 * A page with a static first screen lists its JavaScript chunks here (a JSON array of paths) instead of announcing
 * them as `<link rel="modulepreload">` in the head: main.tsx adds the links once that screen and its photos have
 * painted, so the code does not compete with them on a slow link (decision 026).
 * Its own module: main.tsx imports it, and anything the app also imports would pull the app chunk into the entry.
 */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';
