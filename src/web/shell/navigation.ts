import { paths } from '@shared/paths';
import {
  Bell,
  BellRing,
  Flag,
  House,
  type LucideIcon,
  MessageCircle,
  ShieldCheck,
  Tag,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths (and what lies under them) where the link shows as the current page. */
  activeFor?: readonly string[];
}

/** Whether `pathname` is `path` or lies under it. */
export function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The forum's routes: its posts live under /community (part 2 §2). */
export const communityPaths = ['/community', '/community-groups', '/grupos'] as const;

/** The sidebar and drawer links everyone sees. */
export const mainNav: readonly NavItem[] = [
  { to: paths.home, label: 'Home', icon: House },
  { to: paths.community, label: 'Comunidade', icon: Users, activeFor: communityPaths },
  { to: paths.intermediation, label: 'Intermediação', icon: ShieldCheck },
  { to: paths.discord, label: 'Discord', icon: MessageCircle },
];

/** The links signed-in users also see. */
export const accountNav: readonly NavItem[] = [
  { to: '/meus-dados', label: 'Meus Dados', icon: UserRound },
  { to: paths.myOffers, label: 'Minhas Ofertas', icon: Tag },
  { to: paths.reportHistory, label: 'Histórico de Denúncias', icon: Flag },
];

/**
 * The drawer's account links: the sidebar's, plus what the desktop reaches from the top bar (the bell, the user
 * menu) and a phone has no other way to.
 */
export const drawerAccountNav: readonly NavItem[] = [
  ...accountNav,
  { to: paths.payments, label: 'Pagamentos', icon: Wallet },
  { to: paths.notifications, label: 'Notificações', icon: Bell },
  // Saved searches that alert (issue 38 part 3).
  { to: paths.alerts, label: 'Meus Alertas', icon: BellRing },
];

/** The footer's links: help, services and the static pages (part 2 §2 'Static pages'). */
export const footerNav: readonly { to: string; label: string }[] = [
  { to: paths.help, label: 'Central de Ajuda' },
  { to: paths.services, label: 'Serviços' },
  { to: paths.marketplaceGuide, label: 'Guia do Marketplace' },
  { to: paths.salesPolicies, label: 'Políticas de Vendas' },
  { to: paths.security, label: 'Segurança' },
  { to: paths.terms, label: 'Termos de Uso' },
  { to: paths.privacy, label: 'Privacidade' },
  { to: paths.about, label: 'Sobre' },
  { to: paths.partnerships, label: 'Parcerias' },
  { to: paths.feedback, label: 'Enviar Feedback' },
  { to: paths.systemStatus, label: 'Status dos Sistemas' },
];
