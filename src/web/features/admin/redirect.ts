import { paths, withQuery } from '@shared/paths';
/** Where the admin login sends someone back to: a panel address from `?de=`, or the panel itself. */
export function adminReturnPath(param: string | null): string {
  if (param && /^\/admin(\/[a-z-]*)?$/.test(param) && param !== paths.adminLogin) return param;
  return paths.admin();
}

/** The admin login's address that comes back to `pathname` after signing in. */
export function adminLoginFor(pathname: string): string {
  return pathname === paths.admin() ? paths.adminLogin : withQuery(paths.adminLogin, { de: pathname });
}
