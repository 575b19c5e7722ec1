import { z } from 'zod';
import { accountMessages } from './account-messages';
import {
  hasHiddenCharacter,
  MAX_NICKNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  memberName,
  normalizeName,
} from './accounts';
import { settingsMessages as m } from './settings-messages';

export const MAX_FULL_NAME_LENGTH = 120;
export const MAX_BIO_LENGTH = 500;
export const MAX_PHONE_LENGTH = 20;
/** The avatar's side in pixels: one square WebP (part 1 §9: 5 MB in). */
export const AVATAR_SIZE = 256;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** An optional text: trimmed, and null when blank or left out (the form sends every field; PUT replaces). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong(max))
    .nullish()
    .transform((v) => v || null);

/** A Brazilian phone, optional: digits, spaces, '+', '-', parentheses; 10 to 13 digits (DDD + number, optionally 55). */
export const optionalPhone = optionalText(MAX_PHONE_LENGTH).refine((v) => {
  if (v === null) return true;
  if (!/^[\d\s()+-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 13;
}, m.invalidPhone);

/** 'Informações Pessoais' on /perfil and the profile fields on /configuracoes (the e-mail is read-only). */
export const profileInput = z.object({
  username: memberName(MAX_NICKNAME_LENGTH, {
    required: m.required,
    tooLong: m.tooLong(MAX_NICKNAME_LENGTH),
  }),
  /** The display name: normalised and free of hidden characters like the username (not unique: people share names). */
  fullName: z
    .string()
    .nullish()
    .refine((raw) => !raw || !hasHiddenCharacter(raw), accountMessages.nameHiddenCharacter)
    .transform((raw) => (raw ? normalizeName(raw) : '') || null)
    .pipe(z.string().max(MAX_FULL_NAME_LENGTH, m.tooLong(MAX_FULL_NAME_LENGTH)).nullable()),
  phone: optionalPhone,
  bio: optionalText(MAX_BIO_LENGTH),
});
export type ProfileInput = z.input<typeof profileInput>;

/** The owner's own profile, with the private fields. */
export const myProfile = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfile>;

/** Part 2 §3: notifications email on, push/sms/marketing off; privacy profilePublic and showOnline on, showActivity off. */
export const userSettings = z.object({
  notifications: z.object({
    email: z.boolean(),
    push: z.boolean(),
    sms: z.boolean(),
    marketing: z.boolean(),
  }),
  privacy: z.object({
    profilePublic: z.boolean(),
    showOnline: z.boolean(),
    showActivity: z.boolean(),
  }),
});
export type UserSettings = z.infer<typeof userSettings>;

export const defaultUserSettings: UserSettings = {
  notifications: { email: true, push: false, sms: false, marketing: false },
  privacy: { profilePublic: true, showOnline: true, showActivity: false },
};

/** A partial change: only the switches sent move. */
export const userSettingsInput = z.object({
  notifications: userSettings.shape.notifications.partial().optional(),
  privacy: userSettings.shape.privacy.partial().optional(),
});
export type UserSettingsInput = z.infer<typeof userSettingsInput>;

/** Part 1 §5 'Change password' plus the current password (checked on the server). */
export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, m.passwordFieldsRequired).max(200),
    newPassword: z.string().min(1, m.passwordFieldsRequired).max(200),
    confirmPassword: z.string().min(1, m.passwordFieldsRequired).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDiffer,
  })
  .refine((v) => v.newPassword.length >= MIN_PASSWORD_LENGTH, {
    path: ['newPassword'],
    message: m.passwordTooShort,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** 'Excluir conta' (LGPD): the password confirms it is the member. */
export const deleteAccountInput = z.object({
  password: z.string().min(1, m.deleteAccountPasswordRequired).max(200),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** One signed-in device. Never the token: the id is enough to end it. */
export const activeSession = z.object({
  id: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessions = z.object({ sessions: z.array(activeSession) });
export const sessionParams = z.object({ id: z.string().min(1).max(100) });

export const loginAttempt = z.object({
  id: z.number(),
  at: z.string(),
  ipAddress: z.string().nullable(),
  device: z.string(),
  success: z.boolean(),
});
export type LoginAttempt = z.infer<typeof loginAttempt>;
export const loginHistory = z.object({ attempts: z.array(loginAttempt) });

/** 'Relatório de atividade': totals and the months they happened in. */
export const activityReport = z.object({
  totals: z.object({
    listings: z.number(),
    offersSent: z.number(),
    offersReceived: z.number(),
    trades: z.number(),
    posts: z.number(),
    comments: z.number(),
    signIns: z.number(),
  }),
  /** The last 6 months, oldest first; `month` is 'YYYY-MM'. */
  months: z.array(
    z.object({
      month: z.string(),
      listings: z.number(),
      offers: z.number(),
      trades: z.number(),
      posts: z.number(),
      signIns: z.number(),
    }),
  ),
});
export type ActivityReport = z.infer<typeof activityReport>;
