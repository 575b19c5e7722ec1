import {
  Flag,
  House,
  type LucideIcon,
  MessageCircle,
  ShieldCheck,
  Tag,
  UserRound,
  Users,
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
  { to: '/home', label: 'Home', icon: House },
  { to: '/comunidade', label: 'Comunidade', icon: Users, activeFor: communityPaths },
  { to: '/intermediacao', label: 'Intermediação', icon: ShieldCheck },
  { to: '/discord', label: 'Discord', icon: MessageCircle },
];

/** The links signed-in users also see. */
export const accountNav: readonly NavItem[] = [
  { to: '/meus-dados', label: 'Meus Dados', icon: UserRound },
  { to: '/minhas-ofertas', label: 'Minhas Ofertas', icon: Tag },
  { to: '/historico-denuncias', label: 'Histórico de Denúncias', icon: Flag },
];

/** The footer's links: help, services and the static pages (part 2 §2 'Static pages'). */
export const footerNav: readonly { to: string; label: string }[] = [
  { to: '/ajuda', label: 'Central de Ajuda' },
  { to: '/servicos', label: 'Serviços' },
  { to: '/guia-marketplace', label: 'Guia do Marketplace' },
  { to: '/politicas-vendas', label: 'Políticas de Vendas' },
  { to: '/seguranca', label: 'Segurança' },
  { to: '/termos-uso', label: 'Termos de Uso' },
  { to: '/privacidade', label: 'Privacidade' },
  { to: '/sobre', label: 'Sobre' },
  { to: '/parcerias', label: 'Parcerias' },
  { to: '/enviar-feedback', label: 'Enviar Feedback' },
  { to: '/status-sistemas', label: 'Status dos Sistemas' },
];
