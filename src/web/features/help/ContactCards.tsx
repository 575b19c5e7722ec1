import { supportWhatsappUrl } from '@shared/contact';
import { buttonClasses } from '@web/components/ui/button';
import { DiscordIcon } from '@web/features/discord/DiscordIcon';
import { DiscordInviteButton } from '@web/features/discord/DiscordInviteButton';
import { ExternalLink, LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSupportContact } from './api';

/**
 * The ways to reach the team (part 2 §2 'Help center'): Discord, and the e-mail and WhatsApp the operator
 * configured (SUPPORT_EMAIL, SUPPORT_WHATSAPP); the ticket form when either is missing, never invented contacts.
 */
export function ContactCards() {
  const contact = useSupportContact();
  const email = contact.data?.email ?? null;
  const whatsapp = contact.data?.whatsapp ?? null;
  return (
    <ul aria-label="Canais de atendimento" className="grid gap-4 md:grid-cols-3">
      <ContactCard
        icon={<DiscordIcon className="size-5" />}
        tone="bg-[#5865F2]/15 text-[#8b93ff]"
        title="Discord"
        text="Fale com a equipe e com a comunidade em tempo real, no canal de suporte do nosso servidor."
      >
        <DiscordInviteButton label="Entrar no Discord" variant="secondary" className="w-full" />
      </ContactCard>
      {email && (
        <ContactCard
          icon={<Mail aria-hidden className="size-5" />}
          tone="bg-accent-soft text-accent"
          title="E-mail"
          text="Para casos que precisam de detalhes, prints ou acompanhamento. Respondemos pelo mesmo e-mail."
          detail={email}
        >
          <a
            href={`mailto:${email}`}
            className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
          >
            <Mail aria-hidden />
            Enviar e-mail
          </a>
        </ContactCard>
      )}
      {whatsapp && (
        <ContactCard
          icon={<MessageCircle aria-hidden className="size-5" />}
          tone="bg-[#25D366]/15 text-[#4ade80]"
          title="WhatsApp"
          text="Dúvidas rápidas sobre uma compra, uma venda ou a sua conta, direto pelo celular."
          detail={whatsapp}
        >
          <a
            href={supportWhatsappUrl(whatsapp)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
          >
            <MessageCircle aria-hidden />
            Chamar no WhatsApp
            <ExternalLink aria-hidden className="opacity-70" />
            <span className="sr-only"> (abre em uma nova aba)</span>
          </a>
        </ContactCard>
      )}
      {contact.isSuccess && !(email && whatsapp) && (
        <ContactCard
          icon={<LifeBuoy aria-hidden className="size-5" />}
          tone="bg-accent-soft text-accent"
          title="Chamado de suporte"
          text="Descreva o caso com prints e o número da negociação: a equipe responde aqui mesmo, e você acompanha o andamento."
        >
          <a href="#chamados" className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
            <LifeBuoy aria-hidden />
            Abrir chamado
          </a>
        </ContactCard>
      )}
    </ul>
  );
}

function ContactCard({
  icon,
  tone,
  title,
  text,
  detail,
  children,
}: {
  icon: ReactNode;
  tone: string;
  title: string;
  text: string;
  /** The address or number itself, readable and selectable apart from the button. */
  detail?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-surface p-5">
      <span className={`flex size-11 items-center justify-center rounded-xl ${tone}`}>{icon}</span>
      <h3 className="mt-4 text-base font-semibold text-fg">{title}</h3>
      <p className="mt-1 flex-1 text-sm leading-6 text-muted">{text}</p>
      {detail && <p className="mt-3 text-sm font-medium break-all text-fg">{detail}</p>}
      <div className="mt-5">{children}</div>
    </li>
  );
}
