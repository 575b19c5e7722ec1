import { describe, expect, it } from 'vitest';
import { notificationMail } from '../../src/server/mail/templates/notification';

const hostile = {
  to: 'ana@exemplo.com.br',
  name: 'Ana <script>alert(1)</script>',
  title: 'Nova oferta em "Conta <b>Rara</b>" & cia',
  body: 'Zé ofereceu R$ 10,00 em "<img src=x onerror=alert(1)>".\nSegunda linha.\n\nOutro parágrafo.',
  link: '/minhas-ofertas?oferta=1&x="y"',
};

describe('notificationMail', () => {
  const mail = notificationMail(hostile, 'https://mercadogamer.com.br');

  it('escapes every piece of user text in the HTML', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>Rara</b>');
    expect(mail.html).toContain('Olá, Ana &lt;script&gt;alert(1)&lt;/script&gt;!');
    expect(mail.html).toContain('Nova oferta em &quot;Conta &lt;b&gt;Rara&lt;/b&gt;&quot; &amp; cia');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain(
      'href="https://mercadogamer.com.br/minhas-ofertas?oferta=1&amp;x=&quot;y&quot;"',
    );
  });

  it('keeps the text part as written, with the subject, the link and the way to turn it off', () => {
    expect(mail.to).toBe('ana@exemplo.com.br');
    expect(mail.subject).toBe(hostile.title);
    expect(mail.link).toBe('https://mercadogamer.com.br/minhas-ofertas?oferta=1&x="y"');
    expect(mail.text).toContain(hostile.body);
    expect(mail.text).toContain(
      'Ver no Mercado Gamer: https://mercadogamer.com.br/minhas-ofertas?oferta=1&x="y"',
    );
    expect(mail.text).toContain('as notificações por e-mail estão ligadas');
    expect(mail.text).toContain('https://mercadogamer.com.br/configuracoes');
    expect(mail.html).toContain('href="https://mercadogamer.com.br/configuracoes"');
  });

  it('keeps the body’s lines and paragraphs in the HTML', () => {
    expect(mail.html).toContain('.<br>Segunda linha.</p>');
    expect(mail.html).toContain('>Outro parágrafo.</p>');
  });
});
