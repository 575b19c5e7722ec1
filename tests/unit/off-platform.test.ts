import { findOffPlatformContacts, hasOffPlatformContact } from '@shared/off-platform';
import { describe, expect, it } from 'vitest';

const kinds = (text: string, hosts: string[] = []) => findOffPlatformContacts(text, hosts).map((h) => h.kind);

describe('findOffPlatformContacts', () => {
  it.each([
    '(11) 98765-4321',
    '(11) 9 8765-4321',
    '11 98765-4321',
    '11987654321',
    '+55 11 98765-4321',
    '+5511987654321',
    '+55 (21) 99876-5432',
    '55 11 98765 4321',
    '(011) 98765-4321',
    '011 98765-4321',
    '11 9 8765 4321',
    '11.98765.4321',
    '98765-4321',
    '9 8765-4321',
    '(11) 3456-7890',
    '1134567890',
  ])('flags the phone %s', (phone) => {
    expect(kinds(`me chama no zap ${phone} ok`)).toEqual(['phone']);
    expect(kinds(phone)).toEqual(['phone']);
  });

  it.each([
    'R$ 1.500,00',
    'R$ 1500,00',
    'R$ 15000000,00',
    'R$ 1.500.000,00',
    'paguei 1500 ontem',
    '12/05/2025',
    '12.05.2025',
    '12-05-2025 às 14:30',
    '2024-2025',
    'MG-12345678',
    'anúncio #98765432',
    'pedido 123456',
    'CPF 119.876.543-21',
    '3456-7890',
    'nível 99 com 10000 de ouro',
    '1234567890123',
    'ID 00123456789',
    'Intermediação nº 123456',
    'anúncio /listing/98765432',
    'UID do jogador 987654321',
    'E2E E12345678202611241234abcdef1234',
    'txid 7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    'são 2 contas por R$ 350,00 cada, total R$ 700,00',
    'entrego às 19:30 do dia 25/11',
  ])('does not flag %s', (text) => {
    expect(kinds(text)).toEqual([]);
  });

  it.each([
    'fulano@gmail.com',
    'Fulano.Silva+loja@empresa.com.br',
    'fulano arroba gmail ponto com',
    'fulano (at) gmail.com',
  ])('flags the e-mail %s once', (email) => {
    expect(kinds(`manda em ${email} por favor`)).toEqual(['email']);
  });

  it.each([
    'https://wa.me/5511987654321',
    'wa.me/5511987654321',
    'https://chat.whatsapp.com/AbCdEf123',
    't.me/vendedor_top',
    'https://t.me/+AbCdEf',
    'discord.gg/abc123',
    'https://discord.com/invite/abc123',
    'www.lojagamer.com.br',
    'lojagamer.com.br/conta',
    'http://example.org/x?y=1',
  ])('flags the link %s', (link) => {
    expect(kinds(`olha ${link}.`)).toEqual(['link']);
  });

  it('leaves the site itself alone, on any path and with www', () => {
    const hosts = ['mercadogamer.com.br'];
    expect(kinds('veja https://mercadogamer.com.br/listing/12', hosts)).toEqual([]);
    expect(kinds('veja www.mercadogamer.com.br/listing/12', hosts)).toEqual([]);
    expect(kinds('veja mercadogamer.com.br', hosts)).toEqual([]);
    expect(kinds('veja http://localhost:3000/listing/1', ['localhost:3000'])).toEqual([]);
    expect(kinds('veja mercadogamer.com.br.golpe.com', hosts)).toEqual(['link']);
    expect(kinds('veja falso-mercadogamer.com.br', hosts)).toEqual(['link']);
  });

  it('does not take ordinary words with dots for links', () => {
    expect(kinds('ok. vou pagar agora.tudo certo, node.js e etc.')).toEqual([]);
    expect(kinds('Sr. João, a conta é nível 80.')).toEqual([]);
  });

  it('finds every contact in one message', () => {
    expect(kinds('zap (11) 98765-4321 ou fulano@gmail.com ou t.me/fulano')).toEqual([
      'phone',
      'email',
      'link',
    ]);
    expect(hasOffPlatformContact('tudo certo pela plataforma')).toBe(false);
  });
});
