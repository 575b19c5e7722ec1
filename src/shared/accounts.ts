import { z } from 'zod';
import { accountMessages } from './account-messages';
import { isReturnPath, MAX_RETURN_PATH_LENGTH } from './return-path';

export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's own ceiling (auth.ts passes it): said here so a longer one is refused at the field, not with a 500. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NICKNAME_LENGTH = 40;
/** How long a confirmation link stays valid (auth.ts); the mail and the confirmation page say so. */
export const CONFIRMATION_LINK_HOURS = 24;
/** The value of the main-game select for a game outside the list. */
export const OTHER_GAME = 'outro';

const email = z.string().trim().min(1, accountMessages.required).pipe(z.email(accountMessages.invalidEmail));

const newPassword = z
  .string()
  .min(1, accountMessages.required)
  .min(MIN_PASSWORD_LENGTH, accountMessages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, accountMessages.passwordTooLong);

const isConfirmed = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const passwordsDiffer = { path: ['confirmPassword'], message: accountMessages.passwordsDiffer };

/** Emoji presentation selectors (U+FE0E text, U+FE0F emoji): dropped from names, they change no letter. */
const PRESENTATION_SELECTORS = /[\uFE0E\uFE0F]/gu;

/**
 * What a name may not hold, after NFKC: invisible code points (Default_Ignorable_Code_Point: zero-width space and
 * joiners, soft hyphen, word joiner, BOM…), bidirectional controls (U+202E and kin), other format and control
 * characters, line and paragraph separators, private-use, unassigned code points and lone surrogates.
 */
const HIDDEN_CHARACTER =
  /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;

const compatible = (raw: string) => raw.normalize('NFKC').replace(PRESENTATION_SELECTORS, '');

/** Whether a name holds a character that shows as nothing or reorders the text around it. */
export const hasHiddenCharacter = (raw: string) => HIDDEN_CHARACTER.test(compatible(raw));

/** The name without its hidden characters, normalised (for names nobody typed here: a provider's). */
export const withoutHiddenCharacters = (raw: string) =>
  normalizeName(compatible(raw).replace(new RegExp(HIDDEN_CHARACTER.source, 'gu'), ''));

/**
 * A member's name as stored: NFKC (a no-break space or a full-width letter becomes the plain one), emoji presentation
 * selectors dropped, runs of spaces made one, trimmed. Names with hidden characters are refused before this
 * (`hasHiddenCharacter`); the look-alike checks (UTS #39 skeletons) are the server's (accounts/names.ts).
 */
export function normalizeName(raw: string): string {
  return compatible(raw).replace(/\s+/gu, ' ').trim();
}

/** A nickname or display name field: hidden characters refused, then normalised, then measured. */
export function memberName(max: number, messages: { required: string; tooLong: string }) {
  return z
    .string()
    .refine((raw) => !hasHiddenCharacter(raw), accountMessages.nameHiddenCharacter)
    .transform(normalizeName)
    .pipe(z.string().min(1, messages.required).max(max, messages.tooLong));
}

/** Where to go back after signing in or confirming the e-mail: a path of this site (return-path.ts), or none. */
const returnTo = z
  .string()
  .max(MAX_RETURN_PATH_LENGTH, accountMessages.returnPathInvalid)
  .refine(isReturnPath, accountMessages.returnPathInvalid)
  .optional();

export const registerInput = z
  .object({
    email,
    /** The profile's handle ('/u/PedroGamer'): one word, no spaces. */
    nickname: memberName(MAX_NICKNAME_LENGTH, {
      required: accountMessages.required,
      tooLong: `Máximo de ${MAX_NICKNAME_LENGTH} caracteres`,
    }).refine((name) => !/\s/u.test(name), accountMessages.nicknameSpaces),
    /** Optional (part 1 §5); the select's blank choice means none. */
    mainGame: z
      .string()
      .trim()
      .max(80, 'Máximo de 80 caracteres')
      .optional()
      .transform((game) => game || undefined),
    password: newPassword,
    confirmPassword: z.string().min(1, accountMessages.required),
    returnTo,
  })
  .refine(isConfirmed, passwordsDiffer);
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email,
  password: z.string().min(1, accountMessages.required),
  /** Where a fresh confirmation link (mailed to an unconfirmed account signing in) comes back to. */
  returnTo,
});
export type LoginInput = z.infer<typeof loginInput>;

/** 'Reenviar email' on the confirmation page (and an unconfirmed login): where, and where the link comes back to. */
export const confirmationResendInput = z.object({ email, returnTo });
export type ConfirmationResendInput = z.infer<typeof confirmationResendInput>;

/** The same answer whether the address has an account waiting or not. */
export const confirmationResent = z.object({ ok: z.literal(true), message: z.string() });
export type ConfirmationResent = z.infer<typeof confirmationResent>;

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

/** The one rule the server enforces on a new password (with its ceiling), shown first under the field. */
export const passwordRequirement = (password: string) => ({
  label: `Pelo menos ${MIN_PASSWORD_LENGTH} caracteres`,
  met: password.length >= MIN_PASSWORD_LENGTH,
});

/** The live checklist under the password field (part 1 §5): suggestions, shown and never enforced. */
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
