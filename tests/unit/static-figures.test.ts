import { FEE_RATE_BPS, formatFeeRate } from '@shared/fees';
import { lowOfferPercent } from '@shared/offer-constants';
import { paths } from '@shared/paths';
import {
  REPORT_REVIEW_BUSINESS_HOURS,
  SECURITY_INVESTIGATION_HOURS,
  SELLER_REPLY_HOURS,
} from '@shared/policies';
import { FEE_REDUCTION_PERCENT, OURO, PRATA } from '@shared/reputation';
import { REVIEW_PERIOD_DAYS } from '@shared/reviews';
import { SELLER_PENALTIES, TRADE_TIMERS } from '@shared/trade-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { contactKeys } from '@web/features/help/api';
import { ContactCards } from '@web/features/help/ContactCards';
import { faqQuestions } from '@web/features/help/FaqAccordion';
import AboutPage from '@web/pages/AboutPage';
import MarketplaceGuidePage from '@web/pages/MarketplaceGuidePage';
import PrivacyPage from '@web/pages/PrivacyPage';
import SalesPoliciesPage from '@web/pages/SalesPoliciesPage';
import SealPage from '@web/pages/SealPage';
import SecurityPage from '@web/pages/SecurityPage';
import ServicesPage from '@web/pages/ServicesPage';
import TermsPage from '@web/pages/TermsPage';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

// Issue 23: every page that states a fee, a deadline or a contact takes it from the constant the code uses.
// Each static page is rendered to text; every percentage, 'N horas' and 'N dias' in it must be one of the
// constants', and the fee must come with the Prata and Ouro rates the trades apply.

type Contact = { email: string | null; whatsapp: string | null; security: string | null };

function renderHtml(element: ReactNode, { at = '/', pattern = '*', contact = null as Contact | null } = {}) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (contact) queries.setQueryData(contactKeys.support, contact);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queries },
      createElement(
        MemoryRouter,
        { initialEntries: [at] },
        createElement(Routes, null, createElement(Route, { path: pattern, element })),
      ),
    ),
  );
}

/** The page's text as a reader gets it. */
function render(element: ReactNode, options: Parameters<typeof renderHtml>[1] = {}) {
  return renderHtml(element, options)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const base = formatFeeRate(FEE_RATE_BPS);
const prata = formatFeeRate((FEE_RATE_BPS * (100 - FEE_REDUCTION_PERCENT.prata)) / 100);
const ouro = formatFeeRate((FEE_RATE_BPS * (100 - FEE_REDUCTION_PERCENT.ouro)) / 100);
const allowedPercents = new Set([
  base,
  prata,
  ouro,
  `${FEE_REDUCTION_PERCENT.prata}%`,
  `${FEE_REDUCTION_PERCENT.ouro}%`,
  lowOfferPercent,
]);
const allowedHours = new Set<number>([
  ...Object.entries(TRADE_TIMERS)
    .filter(([key]) => key.endsWith('Hours'))
    .map(([, value]) => value),
  SELLER_REPLY_HOURS,
  REPORT_REVIEW_BUSINESS_HOURS,
  SECURITY_INVESTIGATION_HOURS,
]);
const allowedDays = new Set<number>([
  TRADE_TIMERS.accountWarrantyDays,
  REVIEW_PERIOD_DAYS,
  PRATA.days,
  OURO.days,
  ...SELLER_PENALTIES.flatMap((p) => ('suspensionDays' in p && p.suspensionDays ? [p.suspensionDays] : [])),
]);

/** The figures of `text` that no constant gives. */
function strayFigures(text: string) {
  const stray: string[] = [];
  for (const [match] of text.matchAll(/\d+(?:,\d+)?\s?%/g)) {
    if (!allowedPercents.has(match.replace(/\s/g, ''))) stray.push(match);
  }
  for (const match of text.matchAll(/(\d+)\s+(horas?|dias?)\b/g)) {
    const value = Number(match[1]);
    const allowed = match[2]?.startsWith('hora') ? allowedHours : allowedDays;
    if (!allowed.has(value)) stray.push(match[0]);
  }
  return stray;
}

/** The demo contacts the pages once showed: any address of the example domain, the made-up WhatsApp. */
const fakeContacts = /@mercadogamer\.example|90000-0000/;

const pages: { name: string; element: ReactNode; at?: string; pattern?: string; statesFee: boolean }[] = [
  { name: '/sobre', element: createElement(AboutPage), statesFee: true },
  {
    name: '/ajuda (FAQ)',
    element: createElement(
      Fragment,
      null,
      faqQuestions.map((q) => createElement(Fragment, { key: q.id }, q.answer)),
    ),
    statesFee: true,
  },
  { name: '/politicas-vendas', element: createElement(SalesPoliciesPage), statesFee: true },
  { name: '/guia-marketplace', element: createElement(MarketplaceGuidePage), statesFee: true },
  { name: '/servicos', element: createElement(ServicesPage), statesFee: true },
  { name: '/termos', element: createElement(TermsPage), statesFee: true },
  { name: '/privacidade', element: createElement(PrivacyPage), statesFee: false },
  { name: '/seguranca', element: createElement(SecurityPage), statesFee: false },
  ...(['prata', 'ouro', 'bronze', 'verificado', 'autorizado', 'nivel'] as const).map((seal) => ({
    name: `/selos/${seal}`,
    element: createElement(SealPage),
    at: paths.seal(seal),
    pattern: paths.seal(':tipo'),
    statesFee: seal === 'prata' || seal === 'ouro',
  })),
];

describe('static pages state the figures of the constants', () => {
  for (const page of pages) {
    it(`${page.name}: every fee, deadline and contact comes from its constant`, () => {
      const text = render(page.element, { at: page.at, pattern: page.pattern, contact: null });
      expect(text.length).toBeGreaterThan(200);
      expect(strayFigures(text)).toEqual([]);
      expect(text).not.toMatch(fakeContacts);
      if (page.statesFee) {
        expect(text).toContain(base);
        // The fee is never stated as flat where the seals lower it.
        expect(text).not.toMatch(/taxa única/i);
        if (page.name === '/selos/prata') expect(text).toContain(prata);
        else if (page.name === '/selos/ouro') expect(text).toContain(ouro);
        else {
          expect(text).toContain(prata);
          expect(text).toContain(ouro);
        }
      }
    });
  }

  it('the policies point to the ticket form when no support e-mail is configured, and to the e-mail when it is', () => {
    const none = render(createElement(SalesPoliciesPage), {
      contact: { email: null, whatsapp: null, security: null },
    });
    expect(none).toContain('abra um chamado na Central de Ajuda');
    const set = render(createElement(SalesPoliciesPage), {
      contact: { email: 'ajuda@loja.com.br', whatsapp: null, security: 'ajuda@loja.com.br' },
    });
    expect(set).toContain('escreva para ajuda@loja.com.br');
  });

  it("/ajuda's contact cards show only the configured channels, and the ticket form when one is missing", () => {
    const none = render(createElement(ContactCards), {
      contact: { email: null, whatsapp: null, security: null },
    });
    expect(none).not.toMatch(fakeContacts);
    expect(none).not.toContain('Enviar e-mail');
    expect(none).not.toContain('Chamar no WhatsApp');
    expect(none).toContain('Abrir chamado');
    const contact = {
      email: 'ajuda@loja.com.br',
      whatsapp: '(21) 98765-4321',
      security: 'ajuda@loja.com.br',
    };
    const both = render(createElement(ContactCards), { contact });
    expect(renderHtml(createElement(ContactCards), { contact })).toContain(
      'href="https://wa.me/5521987654321"',
    );
    expect(both).toContain('ajuda@loja.com.br');
    expect(both).toContain('(21) 98765-4321');
    expect(both).not.toContain('Abrir chamado');
  });

  it('/seguranca sends incidents and vulnerabilities to the security address, else to the ticket form', () => {
    const none = renderHtml(createElement(SecurityPage), {
      contact: { email: null, whatsapp: null, security: null },
    });
    expect(none).not.toContain('mailto:');
    expect(none).toMatch(/href="\/ajuda#chamados"[^>]*>abrindo um chamado na Central de Ajuda<\/a>/);
    expect(none).toMatch(/href="\/ajuda#chamados"[^>]*>em um chamado na Central de Ajuda<\/a>/);
    const set = render(createElement(SecurityPage), {
      contact: { email: 'ajuda@loja.com.br', whatsapp: null, security: 'seguranca@loja.com.br' },
    });
    expect(set).toContain('avise pelo e-mail seguranca@loja.com.br .');
    expect(set).toContain('Relate-a de forma responsável para seguranca@loja.com.br e receba');
    expect(set).not.toContain('chamado na Central de Ajuda');
  });
});
