import { groupMessages as m } from '@shared/group-directory';
import type { Group } from '@shared/groups';
import { buttonClasses } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format';
import { ExternalLink, Gamepad2, type LucideIcon, ShieldCheck, Tag, UsersRound } from 'lucide-react';
import { GroupBadges } from './GroupBadges';
import { GroupImage } from './GroupImage';
import { membersLabel } from './labels';

interface GroupDialogProps {
  /** The last group opened; it stays while the dialog closes. */
  group: Group | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function groupKind(group: Group): string {
  if (group.isOfficial && group.isVip) return 'Oficial e VIP';
  if (group.isOfficial) return 'Oficial do Mercado Gamer';
  if (group.isVip) return 'VIP';
  return 'Da comunidade';
}

/** A group's details and 'Entrar no Grupo WhatsApp', which opens the invite in a new tab (part 2 §2). */
export function GroupDialog({ group, open, onOpenChange }: GroupDialogProps) {
  return (
    <Dialog open={open && group !== null} onOpenChange={onOpenChange}>
      {group && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg! overflow-y-auto p-0! [&>button:last-child]:bg-bg/75 [&>button:last-child]:text-fg [&>button:last-child]:backdrop-blur-sm">
          <div className="relative">
            <GroupImage
              image={group.image}
              sizes="(min-width: 640px) 512px, 100vw"
              className="aspect-[2/1] sm:aspect-video"
              priority
            />
            <div
              aria-hidden
              className="absolute inset-x-0 bottom-0 h-16 bg-linear-to-t from-surface-2 to-transparent"
            />
          </div>

          <div className="flex flex-col gap-5 p-5 sm:p-6">
            <div className="flex flex-col gap-2">
              <GroupBadges group={group} />
              <DialogTitle className="pr-0! font-display text-xl leading-snug tracking-wide">
                {group.title}
              </DialogTitle>
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <span className="flex items-center gap-1.5 font-medium text-accent">
                  <Gamepad2 aria-hidden className="size-4" />
                  {group.gameCategory}
                </span>
                <span className="flex items-center gap-1.5 text-muted">
                  <UsersRound aria-hidden className="size-4" />
                  {membersLabel(group.memberCount)}
                </span>
              </p>
              <DialogDescription className="mt-1 text-[0.95rem] leading-relaxed whitespace-pre-wrap text-muted">
                {group.description}
              </DialogDescription>
            </div>

            <section aria-labelledby="sobre-o-grupo" className="rounded-xl border border-line bg-surface p-4">
              <h3 id="sobre-o-grupo" className="text-sm font-semibold text-fg">
                Sobre o grupo
              </h3>
              <dl className="mt-3 grid gap-2.5 text-sm">
                <About icon={Gamepad2} term="Jogo" value={group.gameCategory} />
                <About icon={UsersRound} term="Membros" value={formatCount(group.memberCount)} />
                <About icon={Tag} term="Tipo" value={groupKind(group)} />
                <About icon={ShieldCheck} term="Entrada" value="Gratuita, pelo convite do WhatsApp" />
              </dl>
            </section>

            <div className="flex flex-col gap-2">
              <a
                href={group.whatsappLink}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ size: 'lg', className: 'w-full' })}
              >
                <WhatsAppIcon />
                {m.join}
                <ExternalLink aria-hidden className="opacity-70" />
              </a>
              <p className="text-center text-xs text-subtle">
                O convite abre no WhatsApp, em uma nova aba. Respeite as regras do grupo.
              </p>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function About({ icon: Icon, term, value }: { icon: LucideIcon; term: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="flex items-center gap-2 text-muted">
        <Icon aria-hidden className="size-4 text-subtle" />
        {term}
      </dt>
      <dd className="text-right font-medium text-fg">{value}</dd>
    </div>
  );
}

/** WhatsApp's mark, in the current text colour. */
export function WhatsAppIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('fill-current', className)}>
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.3.8 3.2.7.5-.1 1.5-.6 1.8-1.2.2-.6.2-1.1.1-1.2l-.5-.2Z" />
    </svg>
  );
}
