/** Where the admin login sends someone back to: a panel address from `?de=`, or the panel itself. */
export function adminReturnPath(param: string | null): string {
  if (param && /^\/admin(\/[a-z-]*)?$/.test(param) && param !== '/admin/login') return param;
  return '/admin';
}

/** The admin login's address that comes back to `pathname` after signing in. */
export function adminLoginFor(pathname: string): string {
  return pathname === '/admin' ? '/admin/login' : `/admin/login?de=${encodeURIComponent(pathname)}`;
}
