import { discordMessages } from '@shared/discord';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { DiscordInviteButton } from '@web/features/discord/DiscordInviteButton';
import { Lightbulb } from 'lucide-react';

/** The footer card: the official Discord and 'Enviar Sugestão' (part 2 §2). */
export function CommunityFooter() {
  return (
    <section
      aria-labelledby="mais-comunidade"
      className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface px-5 py-8 sm:px-8"
    >
      <div
        aria-hidden
        className="absolute -bottom-24 -left-16 -z-10 size-72 rounded-full bg-[#5865F2]/15 blur-[90px]"
      />
      <div
        aria-hidden
        className="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-accent/10 blur-[90px]"
      />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-xl">
          <h2
            id="mais-comunidade"
            className="font-display text-lg font-bold tracking-wide text-fg sm:text-xl"
          >
            Quer mais da comunidade?
          </h2>
          <p className="mt-2 text-sm text-muted">
            Entre no nosso Discord oficial para conversar com a equipe e outros jogadores, ou sugira um grupo
            ou uma melhoria para esta página.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <DiscordInviteButton label={discordMessages.official} size="lg" className="w-full sm:w-auto" />
          <ButtonLink to={paths.feedback} variant="secondary" size="lg" className="w-full sm:w-auto">
            <Lightbulb aria-hidden />
            Enviar Sugestão
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
