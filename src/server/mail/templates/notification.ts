import { paths } from '@shared/paths';
import type { Mail } from '../mailer';
import { brandedMail } from './layout';

export interface NotificationMailInput {
  to: string;
  name: string;
  title: string;
  body: string;
  /** The notification's app path ('/intermediacao/12'), already made safe when stored. */
  link: string;
}

/**
 * The e-mail copy of a notification (decision 019): its title as the subject, its title and body, a button to the
 * page it is about, and why it came. Every piece of user text (names, listing titles, replies) is escaped.
 */
export function notificationMail(input: NotificationMailInput, publicUrl: string): Mail {
  const url = `${publicUrl}${input.link}`;
  return {
    to: input.to,
    link: url,
    subject: input.title,
    ...brandedMail({
      name: input.name,
      title: input.title,
      paragraphs: [input.body],
      button: { label: 'Ver no Mercado Gamer', url },
      footer: {
        text:
          'Você recebeu este e-mail porque as notificações por e-mail estão ligadas na sua conta do Mercado Gamer. ' +
          'Para não receber mais, desligue “Notificações por e-mail” em Configurações:',
        link: `${publicUrl}${paths.settings}`,
      },
    }),
  };
}
