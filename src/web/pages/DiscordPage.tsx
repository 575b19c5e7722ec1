import { discordMessages as m } from '@shared/discord';
import { pageMeta } from '@shared/page-meta';
import { DiscordIcon } from '@web/features/discord/DiscordIcon';
import { DiscordInviteButton } from '@web/features/discord/DiscordInviteButton';
import { Gamepad2, Headphones, type LucideIcon, Megaphone } from 'lucide-react';

/** '/discord': the official server, with the single button 'Entrar no Discord' (part 2 §2 'Discord page'). */
export default function DiscordPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col justify-center px-4 py-8 sm:px-6 lg:py-14">
      <title>{pageMeta['/discord'].title}</title>

      <section
        aria-labelledby="discord-titulo"
        className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface px-6 py-12 text-center sm:px-12 sm:py-16"
      >
        <div
          aria-hidden
          className="bg-grid absolute inset-0 -z-10 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
        />
        <div
          aria-hidden
          className="absolute -top-32 left-1/2 -z-10 size-[28rem] -translate-x-1/2 rounded-full bg-[#5865F2]/25 blur-[110px]"
        />
        <div
          aria-hidden
          className="absolute -right-24 -bottom-32 -z-10 size-80 rounded-full bg-accent/10 blur-[100px]"
        />

        <span className="mx-auto flex size-20 items-center justify-center rounded-3xl border border-[#5865F2]/50 bg-[#5865F2]/15 text-[#8b93ff] shadow-[0_0_40px_-8px_#5865F2] sm:size-24">
          <DiscordIcon className="size-10 sm:size-12" />
        </span>
        <p className="mt-6 text-sm font-medium text-accent">Comunidade Mercado Gamer</p>
        <h1
          id="discord-titulo"
          className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl"
        >
          Nosso servidor no Discord
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-base text-muted">
          Converse em tempo real com a equipe e com outros jogadores: avisos do marketplace, eventos, canais
          por jogo e ajuda quando você precisar.
        </p>

        <div className="mt-8 flex flex-col items-stretch sm:items-center">
          <DiscordInviteButton
            label={m.join}
            size="lg"
            align="center"
            note="O convite abre em uma nova aba. Entrar é gratuito."
            className="w-full bg-[#5865F2]! px-8 text-white! shadow-[0_0_28px_-6px_#5865F2]! hover:bg-[#4752c4]! sm:w-auto"
          />
        </div>

        <ul aria-label="O que você encontra" className="mt-10 grid gap-3 text-left sm:grid-cols-3">
          <Perk icon={Megaphone} title="Avisos e eventos" text="Novidades do marketplace em primeira mão." />
          <Perk
            icon={Gamepad2}
            title="Canais por jogo"
            text="Encontre parceiros para jogar e trocar dicas."
          />
          <Perk
            icon={Headphones}
            title="Equipe por perto"
            text="Tire dúvidas sobre compras e intermediação."
          />
        </ul>
      </section>
    </div>
  );
}

function Perk({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="flex gap-3 rounded-2xl border border-line bg-surface-2/70 p-4 backdrop-blur-sm">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-[#5865F2]/15 text-[#8b93ff]">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-fg">{title}</h2>
        <p className="mt-0.5 text-xs text-muted">{text}</p>
      </div>
    </li>
  );
}
