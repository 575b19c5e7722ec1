/**
 * The account texts live beside the zod schemas in @shared/accounts. The shell must not pull zod into the
 * entry chunk, so code that runs in the shell loads them on demand (the same chunk the login and register
 * pages use).
 */
export function loadAccountMessages() {
  return import('@shared/accounts').then((module) => module.accountMessages);
}
