import { z } from 'zod';
import { me } from './accounts';
import { twoFactorMessages as m } from './settings-messages';

/** The answer to a password sign-in: the member, or — two-factor on — the request for the code (no session yet). */
export const loginResponse = z.object({
  user: me.nullable(),
  twoFactorRequired: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** The code step of a sign-in: the app's 6 digits or one backup code ('XXXXX-XXXXX'). */
export const twoFactorCodeInput = z.object({
  code: z.string().trim().min(1, m.signInCodeRequired).max(32, m.signInCodeWrong),
  trustDevice: z.boolean().default(false),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInput>;

/** A code from the authenticator app: six digits. */
export const TOTP_CODE = /^\d{6}$/;
export const isTotpCode = (code: string) => TOTP_CODE.test(code.replace(/\s/g, ''));

export const twoFactorPasswordInput = z.object({ password: z.string().min(1, m.passwordWrong).max(256) });
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordInput>;

export const twoFactorConfirmInput = z.object({
  code: z.string().trim().regex(TOTP_CODE, m.codeFormat),
});
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmInput>;

export const twoFactorStatus = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** The setup: the otpauth:// URI for the QR code, its secret as text, and the backup codes to keep. */
export const twoFactorSetup = z.object({
  totpUri: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorBackupCodes = z.object({ backupCodes: z.array(z.string()) });
export type TwoFactorBackupCodes = z.infer<typeof twoFactorBackupCodes>;
