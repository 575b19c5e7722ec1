/**
 * Every page's address, built in one place: the router's patterns, the links the pages draw, the share pages and
 * the sitemap the server writes. Pure strings (no zod, no Node, no DOM): the web entry loads it.
 *
 * A page with a parameter has a builder (`paths.listing(12)` → '/listing/12') and a pattern for the router
 * (`routePatterns.listing` → '/listing/:id'); a fixed page is its path.
 */

type Id = number | string;

/** A path segment from text a member chose (a username, a slug): safe in a URL, unchanged when already safe. */
const segment = (text: string) => encodeURIComponent(text);

export const paths = {
  welcome: '/',
  home: '/home',
  login: '/login',
  register: '/register',
  /** Where a sign-up ends: 'Confirme seu e-mail', with the resend button. */
  confirmEmail: '/confirme-email',
  forgotPassword: '/esqueci-senha',
  resetPassword: '/redefinir-senha',
  marketplace: '/marketplace',
  search: '/search',
  publish: '/publicar-produto',
  profile: '/perfil',
  settings: '/configuracoes',
  community: '/comunidade',
  groups: '/grupos',
  discord: '/discord',
  payments: '/pagamentos',
  notifications: '/notificacoes',
  reportHistory: '/historico-denuncias',
  intermediation: '/intermediacao',
  myOffers: '/minhas-ofertas',
  help: '/ajuda',
  partnerships: '/parcerias',
  feedback: '/enviar-feedback',
  terms: '/termos-uso',
  privacy: '/privacidade',
  about: '/sobre',
  salesPolicies: '/politicas-vendas',
  security: '/seguranca',
  marketplaceGuide: '/guia-marketplace',
  services: '/servicos',
  systemStatus: '/status-sistemas',
  adminLogin: '/admin/login',
  // Saved searches that alert (issue 38 part 3): the member's list, and the e-mails' signed-out unsubscribe page.
  alerts: '/alertas',
  alertUnsubscribe: '/alertas/sair',

  /** A game's page: '/categoria/free-fire'. */
  category: (gameSlug: string) => `/categoria/${segment(gameSlug)}`,
  /** A listing: '/listing/12'. */
  listing: (id: Id) => `/listing/${id}`,
  /** A listing's edit form: '/listing/12/editar'. */
  editListing: (id: Id) => `/listing/${id}/editar`,
  /** An instant-delivery listing's vault of codes (issue 37): '/listing/12/codigos'. */
  listingCodes: (id: Id) => `/listing/${id}/codigos`,
  /** A community post: '/community/post/7'. */
  post: (id: Id) => `/community/post/${id}`,
  /** A trade's room: '/intermediacao/31'. */
  trade: (id: Id) => `/intermediacao/${id}`,
  /** A member's public page: '/u/PedroGamer'. */
  user: (username: string) => `/u/${segment(username)}`,
  /** A seal's page: '/selos/ouro'. */
  seal: <S extends string>(type: S) => `/selos/${type}` as const,
  /** A tab of the staff panel: '/admin' for the first, '/admin/denuncias' for another. */
  admin: (tab = '') => (tab ? `/admin/${tab}` : '/admin'),
  /** The staff's member search: '/admin/membros'. */
  adminMembers: '/admin/membros',
  /** A member's page for staff: '/admin/membros/1eb530c2-…'. */
  adminMember: (userId: string) => `/admin/membros/${segment(userId)}`,
} as const;

/** The router's patterns of the pages with a parameter (React Router syntax, also Fastify's). */
export const routePatterns = {
  category: '/categoria/:gameSlug',
  listing: '/listing/:id',
  editListing: '/listing/:id/editar',
  listingCodes: '/listing/:id/codigos',
  post: '/community/post/:id',
  trade: '/intermediacao/:id',
  user: '/u/:username',
  seal: '/selos/:tipo',
  adminTab: '/admin/:tab',
  /** An item under a panel tab: '/admin/membros/:id' is a member's page in the 'Membros' tab. */
  adminTabItem: '/admin/:tab/:id',
} as const;

/** Other addresses of the same pages (part 2 §2): each leads to the page of its canonical path. */
export const pathAliases = {
  '/inicio': paths.welcome,
  '/publish': paths.publish,
  '/profile': paths.profile,
  '/meus-dados': paths.settings,
  '/community': paths.community,
  '/community-groups': paths.groups,
  '/termos': paths.terms,
} as const;

/** A path with its query: `withQuery('/marketplace', { jogo: 'cs2', pagina: undefined })` → '/marketplace?jogo=cs2'. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
