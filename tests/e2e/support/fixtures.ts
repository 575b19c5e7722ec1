import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequest,
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { type MemberPool, memberPoolFile, type PoolMember } from './members';

export type Member = PoolMember;

// The browser logs a failed request as a console error; expected 4xx answers (wrong password…) are not bugs.
// Nor is the live socket's reconnect being refused (401) in the moment between a session ending and the page
// learning it: Chromium logs that refusal whatever the page does.
const expectedNoise =
  /Failed to load resource: the server responded with a status of 4\d\d|WebSocket connection to '[^']*\/ws[^']*' failed: HTTP Authentication failed/;

let pool: MemberPool | undefined;

/**
 * Takes a member no other test has taken, in any worker: the claim is a file created with 'wx', which
 * exactly one process can create. Each test thus acts on data nobody else changes.
 */
function claim(kind: keyof MemberPool): Member {
  const dataDir = process.env.E2E_DATA_DIR as string;
  pool ??= JSON.parse(readFileSync(memberPoolFile(dataDir), 'utf8')) as MemberPool;
  const members = pool[kind];
  for (let i = 0; i < members.length; i++) {
    try {
      closeSync(openSync(path.join(dataDir, 'e2e-claims', `${kind}-${i}`), 'wx'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    return members[i] as Member;
  }
  throw new Error(
    `the e2e pool of ${kind} is used up (${members.length}): raise its size in global-setup.ts`,
  );
}

/** One more fresh member, for a test that needs more people than its fixtures give. */
export const anotherMember = () => claim('members');

function sessionCookie(member: Member) {
  const { hostname } = new URL(process.env.E2E_BASE_URL as string);
  return { ...member.cookie, domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const };
}

/** Puts `member`'s session in a browser context, in place of whoever was signed in there. */
export async function signInAs(context: BrowserContext, member: Member) {
  await context.clearCookies();
  await context.addCookies([sessionCookie(member)]);
}

/** An API client with `member`'s session, apart from any page's cookies. Dispose of it when done. */
export function apiAs(request: APIRequest, member: Member): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: { cookies: [{ ...sessionCookie(member), expires: -1, secure: false }], origins: [] },
  });
}

/** Every test fails on a console error or an uncaught page error, as a user would hit a broken page. */
export const test = base.extend<{
  /** Console errors a test provokes on purpose (a failing request, a broken chunk). */
  allowedConsoleErrors: { patterns: RegExp[] };
  /** A fresh confirmed member, signed in on the page (session made on the server, no login request). */
  member: Member;
  /** Another fresh member, signed in nowhere: the other side of a journey (seller, commenter…). */
  otherMember: Member;
  /** A fresh staff member ('admin' in admin_roles), signed in nowhere. */
  staff: Member;
  /** A fresh member an admin made a moderator through the panel's API, signed in nowhere. */
  moderator: Member;
}>({
  allowedConsoleErrors: [{ patterns: [] }, { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    const allowed = [expectedNoise, ...allowedConsoleErrors.patterns];
    page.on('console', (message) => {
      if (message.type() === 'error' && !allowed.some((re) => re.test(message.text())))
        errors.push(message.text());
    });
    // A blocked script or eval (CSP) is reported as an event, not always on the console: make it one.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} (${event.blockedURI || 'inline'})`),
      ),
    );
    page.on('pageerror', (error) => {
      if (!allowed.some((re) => re.test(error.message))) errors.push(error.message);
    });
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
  member: async ({ context }, use) => {
    const member = claim('members');
    await signInAs(context, member);
    await use(member);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  otherMember: async ({}, use) => {
    await use(claim('members'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  staff: async ({}, use) => {
    await use(claim('staff'));
  },
  moderator: async ({ playwright, staff }, use) => {
    const person = claim('members');
    const admin = await apiAs(playwright.request, staff);
    const added = await admin.post('/api/admin/staff', {
      data: { userId: person.userId, role: 'moderator' },
    });
    expect(added.status(), await added.text()).toBe(204);
    await admin.dispose();
    await use(person);
  },
});

export { expect };

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: false });
}
