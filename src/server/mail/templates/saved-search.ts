import { paths } from '@shared/paths';
import type { Mail } from '../mailer';
import { brandedMail } from './layout';

/** A listing an alert is about, as its mails tell it. */
export interface AlertListing {
  listingId: number;
  title: string;
  /** 'R$ 180,00'. */
  price: string;
  gameName: string;
  event: 'new' | 'price_drop';
  searchName: string;
}

/** The RFC 8058 one-click headers: a mail client's 'Cancelar inscrição' POSTs to the same link, signed out. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const happened = (l: AlertListing) =>
  l.event === 'new' ? `Novo anúncio: ${l.title}` : `Preço baixou: ${l.title}`;

/** One alert's mail: the listing, its price and a button to it; the small print stops this alert's e-mails. */
export function alertMail(
  input: { to: string; name: string; listing: AlertListing; unsubscribeUrl: string },
  publicUrl: string,
): Mail {
  const { listing } = input;
  const url = `${publicUrl}${paths.listing(listing.listingId)}`;
  return {
    to: input.to,
    link: url,
    subject: `Alerta “${listing.searchName}”: ${happened(listing)}`,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
    ...brandedMail({
      name: input.name,
      title: happened(listing),
      paragraphs: [
        `${listing.title} (${listing.gameName}) por ${listing.price} combina com o seu alerta “${listing.searchName}”.`,
      ],
      button: { label: 'Ver o anúncio', url },
      footer: {
        text:
          'Você recebeu este e-mail porque criou este alerta no Mercado Gamer (seus alertas ficam em ' +
          `${publicUrl}${paths.alerts}). Para não receber mais e-mails dele, um toque basta:`,
        link: input.unsubscribeUrl,
      },
    }),
  };
}

/** The day's digest: the alerts past the daily cap, one line each; the small print stops every alert e-mail. */
export function digestMail(
  input: { to: string; name: string; listings: AlertListing[]; more: number; unsubscribeUrl: string },
  publicUrl: string,
): Mail {
  const count = input.listings.length + input.more;
  const lines = input.listings.map(
    (l) =>
      `• ${happened(l)} — ${l.price} (${l.gameName}), alerta “${l.searchName}”: ${publicUrl}${paths.listing(l.listingId)}`,
  );
  return {
    to: input.to,
    link: `${publicUrl}${paths.alerts}`,
    subject: `Resumo dos seus alertas: ${count} ${count === 1 ? 'anúncio' : 'anúncios'}`,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
    ...brandedMail({
      name: input.name,
      title: 'Resumo dos seus alertas',
      paragraphs: [
        `Depois dos primeiros alertas do dia, estes anúncios também combinaram com as suas buscas salvas:`,
        lines.join('\n'),
        ...(input.more > 0 ? [`E mais ${input.more}.`] : []),
      ],
      button: { label: 'Ver meus alertas', url: `${publicUrl}${paths.alerts}` },
      footer: {
        text: 'Você recebeu este resumo porque tem alertas no Mercado Gamer. Para não receber mais e-mails de nenhum alerta:',
        link: input.unsubscribeUrl,
      },
    }),
  };
}
