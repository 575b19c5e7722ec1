import type { ListingContact } from '@shared/listings';
import { ExternalLink, MessageCircle } from 'lucide-react';

/** The revealed contact, a link the user can follow when the new tab was blocked. */
export function RevealedContact({ contact }: { contact: ListingContact }) {
  return (
    <div role="status" className="rounded-xl border border-accent/40 bg-accent-soft p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-fg">
        <MessageCircle aria-hidden className="size-4 text-accent" />
        WhatsApp do vendedor
      </p>
      <a
        href={contact.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-flex items-center gap-1.5 text-lg font-semibold text-accent hover:underline"
      >
        {formatPhone(contact.whatsapp)}
        <ExternalLink aria-hidden className="size-4" />
      </a>
      <p className="mt-1 text-xs text-muted">Abra a conversa e combine a entrega com o vendedor.</p>
    </div>
  );
}

/** '5511987654321' → '+55 (11) 98765-4321'; other shapes are shown as they are. */
export function formatPhone(digits: string): string {
  const match = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `+55 (${match[1]}) ${match[2]}-${match[3]}` : `+${digits}`;
}
