/**
 * The title and description of each public page (issue 14). The server writes them into the HTML it sends, for
 * crawlers and link previews that run no JavaScript; the pages render the same title in the tab. One table, so the
 * two cannot drift. Titles stay within 60 characters and descriptions within 50–160, what search results show.
 */
import { FEE_RATE_BPS, formatFeeRate } from './fees';
import { pathAliases, paths } from './paths';
import { FEE_REDUCTION_PERCENT, feeRateBpsFor, type SealType, sealLabels, sealTypes } from './reputation';

export const SITE_NAME = 'Mercado Gamer';

export interface PageMeta {
  /** The whole document title, site name included. */
  title: string;
  description: string;
  /**
   * Kept out of search results (`<meta name="robots" content="noindex, follow">`): sign-in forms answer no search,
   * but their links are still followed and a shared link still previews.
   */
  noindex?: boolean;
}

const fee = formatFeeRate();

const sealDescriptions: Record<SealType, string> = {
  verificado:
    'O selo Verificado marca vendedores com e-mail confirmado, telefone no perfil e verificação em duas etapas ativa.',
  autorizado:
    'O selo Autorizado marca vendedores com muitas vendas concluídas e avaliação média acima de 4,5. Veja como conquistar.',
  nivel:
    'Como o nível de um membro sobe com negociações concluídas, avaliações recebidas e tempo de conta no Mercado Gamer.',
  bronze:
    'O selo Bronze é o primeiro: conta ativa, e-mail confirmado, perfil completo e a primeira negociação concluída.',
  prata: `O selo Prata é de quem negocia com frequência e é bem avaliado: a taxa de intermediação cai de ${fee} para ${formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['prata']))}.`,
  ouro: `O selo Ouro é dos vendedores mais experientes e bem avaliados: a taxa de intermediação cai ${FEE_REDUCTION_PERCENT.ouro}%, para ${formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['ouro']))}.`,
};

const sealPages = Object.fromEntries(
  sealTypes.map((seal) => [
    paths.seal(seal),
    {
      title:
        seal === 'nivel'
          ? `Nível e XP | ${SITE_NAME}`
          : `Selo ${sealLabels[seal]} de vendedor | ${SITE_NAME}`,
      description: sealDescriptions[seal],
    },
  ]),
) as Record<`/selos/${SealType}`, PageMeta>;

/** Each public page by its canonical path. */
export const pageMeta = {
  [paths.welcome]: {
    title: `${SITE_NAME} — Marketplace gamer seguro`,
    description:
      'Marketplace gamer seguro para comprar e vender itens, contas, moedas e skins, com intermediação garantida, pagamento via PIX e suporte 24h.',
  },
  [paths.home]: {
    title: `Itens, contas e skins com segurança | ${SITE_NAME}`,
    description:
      'Compre e venda contas, skins e moedas de CS2, Free Fire, League of Legends e Valorant com intermediação garantida, PIX e suporte 24h.',
  },
  [paths.marketplace]: {
    title: `Marketplace de contas, skins e itens | ${SITE_NAME}`,
    description:
      'Anúncios de contas, skins, itens e moedas de jogos, com filtros por jogo, preço e categoria. Pague via PIX com intermediação garantida.',
  },
  [paths.search]: {
    title: `Pesquisar jogos e anúncios | ${SITE_NAME}`,
    description:
      'Encontre contas, skins e itens de CS2, League of Legends, Valorant, Free Fire e outros jogos, por nome ou pelas pesquisas populares.',
  },
  [paths.community]: {
    title: `Comunidade | ${SITE_NAME}`,
    description:
      'Troque dicas, acompanhe as novidades do DDtank Brasil S3 e tire dúvidas com outros jogadores no fórum da comunidade Mercado Gamer.',
  },
  [paths.groups]: {
    title: `Grupos WhatsApp de jogos | ${SITE_NAME}`,
    description:
      'Grupos de WhatsApp da comunidade por jogo: Counter-Strike 2, Free Fire, League of Legends, Warframe e mais, oficiais e VIP.',
  },
  [paths.discord]: {
    title: `Servidor no Discord | ${SITE_NAME}`,
    description:
      'Entre no servidor oficial do Mercado Gamer no Discord: avisos e eventos em primeira mão, canais por jogo e a equipe por perto.',
  },
  [paths.intermediation]: {
    title: `Intermediação segura | ${SITE_NAME}`,
    description:
      'Um intermediador da equipe segura o pagamento via PIX até você confirmar que recebeu o produto. Compre contas e itens protegido contra golpes.',
  },
  [paths.services]: {
    title: `Serviços: compre e venda com proteção | ${SITE_NAME}`,
    description:
      'Anuncie seus itens de graça e feche cada negociação com a intermediação segura do Mercado Gamer, com o pagamento retido até a entrega.',
  },
  [paths.help]: {
    title: `Central de Ajuda | ${SITE_NAME}`,
    description:
      'Respostas rápidas sobre compras, vendas, taxas e intermediação no Mercado Gamer, e os canais para falar com a equipe de suporte.',
  },
  [paths.terms]: {
    title: `Termos de Uso | ${SITE_NAME}`,
    description:
      'As regras para comprar, vender e conviver no Mercado Gamer: idade mínima de 18 anos, itens legítimos, uma conta por pessoa e intermediação.',
  },
  [paths.privacy]: {
    title: `Política de Privacidade | ${SITE_NAME}`,
    description:
      'Quais dados o Mercado Gamer coleta, por que e por quanto tempo, seus direitos pela LGPD, cookies e como você controla cada informação.',
  },
  [paths.about]: {
    title: `Sobre o ${SITE_NAME}`,
    description:
      'Quem somos e como funciona o Mercado Gamer, o marketplace gamer seguro para comprar e vender itens, contas e moedas com intermediação.',
  },
  [paths.salesPolicies]: {
    title: `Políticas de Vendas | ${SITE_NAME}`,
    description:
      'O que pode ser vendido no Mercado Gamer, como anunciar, os prazos de cada etapa da negociação e as penalidades para quem não cumpre.',
  },
  [paths.security]: {
    title: `Central de Segurança | ${SITE_NAME}`,
    description:
      'Como a intermediação protege o seu dinheiro, os golpes mais comuns para evitar ao negociar itens de jogos e como relatar um problema.',
  },
  [paths.marketplaceGuide]: {
    title: `Guia do Marketplace | ${SITE_NAME}`,
    description:
      'Passo a passo para comprar e vender com segurança no Mercado Gamer: anunciar, fazer ofertas, pagar via PIX e confirmar a entrega.',
  },
  [paths.systemStatus]: {
    title: `Status dos Sistemas | ${SITE_NAME}`,
    description:
      'Situação em tempo real do site, dos pagamentos via PIX e dos demais serviços do Mercado Gamer, com as manutenções programadas.',
  },
  [paths.partnerships]: {
    title: `Parcerias | ${SITE_NAME}`,
    description:
      'Criadores de conteúdo, organizações e empresas: proponha uma parceria e cresça junto com a comunidade gamer do Mercado Gamer.',
  },
  [paths.feedback]: {
    title: `Enviar feedback | ${SITE_NAME}`,
    description:
      'Sugestões, bugs, elogios e críticas: conte para a equipe do Mercado Gamer o que podemos melhorar no marketplace e na comunidade.',
  },
  [paths.login]: {
    title: `Entrar | ${SITE_NAME}`,
    description:
      'Entre na sua conta do Mercado Gamer para comprar, vender, fazer ofertas e acompanhar as suas negociações com intermediação.',
    noindex: true,
  },
  [paths.register]: {
    title: `Criar conta | ${SITE_NAME}`,
    description:
      'Crie sua conta grátis no Mercado Gamer e comece a comprar e vender itens, contas, moedas e skins com intermediação garantida.',
    noindex: true,
  },
  [paths.forgotPassword]: {
    title: `Esqueci minha senha | ${SITE_NAME}`,
    description:
      'Recupere o acesso à sua conta do Mercado Gamer: informe o seu e-mail e receba um link para criar uma nova senha.',
    noindex: true,
  },
  // Saved searches that alert (issue 38 part 3): a member's own page, kept from crawlers by robots.txt.
  [paths.alerts]: {
    title: `Meus alertas | ${SITE_NAME}`,
    description:
      'Seus alertas do Mercado Gamer: buscas salvas que avisam no sino e por e-mail quando aparece um anúncio ou o preço baixa.',
  },
  ...sealPages,
} satisfies Record<string, PageMeta>;

export type MetaPath = keyof typeof pageMeta;

/** Other addresses of the same pages (part 2 §2); their canonical URL is the page's own path. */
export const pageAliases: Record<string, MetaPath> = {
  '/inicio': pathAliases['/inicio'],
  '/community': pathAliases['/community'],
  '/community-groups': pathAliases['/community-groups'],
  '/termos': pathAliases['/termos'],
};

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A seller's page (/u/{username}): the tab shows the nickname, as every dynamic page shows its subject. */
export const sellerTitle = (username: string) => `${username} | ${SITE_NAME}`;

/**
 * What a seller's page says of them in search results and previews: their real rating and sales when the profile
 * is public; nothing about them but the nickname when it is private.
 */
export function sellerDescription(
  username: string,
  stats: { rating: number | null; reviewCount: number; completedSales: number } | null,
): string {
  const close = 'Veja os anúncios ativos e compre com intermediação garantida.';
  if (!stats) return `${username} vende no ${SITE_NAME}. ${close}`;
  const rating =
    stats.rating === null
      ? 'ainda sem avaliações'
      : `nota ${decimal.format(stats.rating)} de 5 em ${plural(stats.reviewCount, 'avaliação', 'avaliações')}`;
  return `${username} no ${SITE_NAME}: ${rating}, ${plural(stats.completedSales, 'venda concluída', 'vendas concluídas')}. ${close}`;
}
