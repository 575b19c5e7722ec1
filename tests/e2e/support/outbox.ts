import { expect } from '@playwright/test';
import { lastLinkTo } from '../../helpers/outbox';

/** The confirmation link mailed to `email` by the server under test (its outbox in E2E_DATA_DIR). */
export async function confirmationLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      try {
        link = lastLinkTo(process.env.E2E_DATA_DIR as string, email);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  return link;
}

/** The password-reset link mailed to `email` (the last one), once it is in the outbox. */
export async function passwordResetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      try {
        link = lastLinkTo(process.env.E2E_DATA_DIR as string, email);
        return link.includes('/redefinir-senha?token=');
      } catch {
        return false;
      }
    })
    .toBe(true);
  return link;
}
