import { z } from 'zod';

/** Texts of the Discord page and button; the spec only names the button (part 2 §2 'Discord page'). */
export const discordMessages = {
  join: 'Entrar no Discord',
  official: 'Discord Oficial',
  notConfigured: 'O convite do servidor ainda não foi configurado.',
  loadFailed: 'Não foi possível carregar o convite do Discord. Tente novamente.',
} as const;

/** `GET /api/discord`: the server's DISCORD_INVITE_URL, null when none is configured. */
export const discordInvite = z.object({ inviteUrl: z.string().nullable() });
export type DiscordInvite = z.infer<typeof discordInvite>;
