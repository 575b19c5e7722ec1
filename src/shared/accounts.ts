import { z } from 'zod';
import { accountMessages } from './account-messages';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_NICKNAME_LENGTH = 40;
/** The value of the main-game select for a game outside the list. */
export const OTHER_GAME = 'outro';

const email = z.string().trim().min(1, accountMessages.required).pipe(z.email(accountMessages.invalidEmail));

const newPassword = z
  .string()
  .min(1, accountMessages.required)
  .min(MIN_PASSWORD_LENGTH, accountMessages.passwordTooShort);

const isConfirmed = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const passwordsDiffer = { path: ['confirmPassword'], message: accountMessages.passwordsDiffer };

export const registerInput = z
  .object({
    email,
    nickname: z
      .string()
      .trim()
      .min(1, accountMessages.required)
      .max(MAX_NICKNAME_LENGTH, `Máximo de ${MAX_NICKNAME_LENGTH} caracteres`),
    /** Optional (part 1 §5); the select's blank choice means none. */
    mainGame: z
      .string()
      .trim()
      .max(80, 'Máximo de 80 caracteres')
      .optional()
      .transform((game) => game || undefined),
    password: newPassword,
    confirmPassword: z.string().min(1, accountMessages.required),
  })
  .refine(isConfirmed, passwordsDiffer);
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email,
  password: z.string().min(1, accountMessages.required),
});
export type LoginInput = z.infer<typeof loginInput>;

/** 'Esqueci minha senha': the address to send the link to. */
export const passwordResetRequestInput = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

/** The same answer whether the address has an account or not. */
export const passwordResetRequested = z.object({ ok: z.literal(true), message: z.string() });
export type PasswordResetRequested = z.infer<typeof passwordResetRequested>;

/** The new password chosen on the mailed link's page, under the same rules as the sign-up's. */
export const passwordResetInput = z
  .object({
    token: z.string().trim().min(1, accountMessages.passwordResetLinkInvalid).max(200),
    password: newPassword,
    confirmPassword: z.string().min(1, accountMessages.required),
  })
  .refine(isConfirmed, passwordsDiffer);
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

/** The live checklist under the password field: shown, never enforced (part 1 §5). */
export function passwordChecklist(password: string) {
  return [
    { label: 'Letra maiúscula', met: /[A-Z]/.test(password) },
    { label: 'Letra minúscula', met: /[a-z]/.test(password) },
    { label: 'Número', met: /\d/.test(password) },
    { label: 'Caractere especial', met: /[^A-Za-z0-9]/.test(password) },
  ];
}

/** The nickname a new account gets when none is given: the e-mail part before '@'. */
export function defaultNickname(emailAddress: string): string {
  return emailAddress.split('@')[0] ?? emailAddress;
}

export const staffRoles = ['admin', 'moderator'] as const;
export const staffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRole>;

/** The signed-in user as the browser sees it. */
export const me = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  role: staffRole.nullable(),
  memberSince: z.string(),
});
export type Me = z.infer<typeof me>;

export const meResponse = z.object({ user: me.nullable() });
export type MeResponse = z.infer<typeof meResponse>;
export const authProviders = z.object({ discord: z.boolean() });
export type AuthProviders = z.infer<typeof authProviders>;

/** The answer to a sign-up: the account waits for its e-mail confirmation. */
export const registered = z.object({ ok: z.literal(true) });
