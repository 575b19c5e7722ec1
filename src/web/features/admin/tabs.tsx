import type { StaffRole } from '@shared/accounts';
import { paths } from '@shared/paths';
import {
  Banknote,
  Flag,
  Handshake,
  Image,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessageSquareText,
  ScrollText,
  Server,
  ShieldCheck,
  UserSearch,
  Users,
} from 'lucide-react';
import { type ComponentType, lazy } from 'react';

/**
 * The panel's tabs, one line each: the address under /admin ('' is /admin itself), the label, the icon, the
 * component and which roles see it. The server checks the same split on every route (requireAdmin/requireStaff).
 */
export interface AdminTab {
  path: string;
  label: string;
  icon: LucideIcon;
  component: ComponentType;
  roles: readonly StaffRole[];
}

const adminsOnly = ['admin'] as const;
const allStaff = ['admin', 'moderator'] as const;
/** The list tabs live with their domains (support, reports, trades) and export named components. */
const queue = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

export const adminTabs: readonly AdminTab[] = [
  {
    path: '',
    label: 'Visão Geral',
    icon: LayoutDashboard,
    component: lazy(() => import('./OverviewTab')),
    roles: adminsOnly,
  },
  {
    path: 'banners',
    label: 'Banners',
    icon: Image,
    component: lazy(() => import('@web/features/banners/BannersTab')),
    roles: adminsOnly,
  },
  {
    path: 'usuarios',
    label: 'Usuários',
    icon: Users,
    component: lazy(() => import('./StaffRolesTab')),
    roles: adminsOnly,
  },
  {
    path: 'membros',
    label: 'Membros',
    icon: UserSearch,
    component: queue(() => import('@web/features/members/MembersTab'), 'MembersTab'),
    roles: allStaff,
  },
  {
    path: 'suporte',
    label: 'Suporte',
    icon: LifeBuoy,
    component: queue(() => import('@web/features/support/staff/SupportTab'), 'SupportTab'),
    roles: allStaff,
  },
  {
    path: 'parcerias',
    label: 'Parcerias',
    icon: Handshake,
    component: queue(() => import('@web/features/support/staff/PartnershipsTab'), 'PartnershipsTab'),
    roles: adminsOnly,
  },
  {
    path: 'feedback',
    label: 'Feedback',
    icon: MessageSquareText,
    component: queue(() => import('@web/features/support/staff/FeedbackTab'), 'FeedbackTab'),
    roles: allStaff,
  },
  {
    path: 'denuncias',
    label: 'Denúncias',
    icon: Flag,
    component: queue(() => import('@web/features/reports/staff/ReportsTab'), 'ReportsTab'),
    roles: allStaff,
  },
  {
    path: 'intermediacoes',
    label: 'Intermediações',
    icon: ShieldCheck,
    component: queue(() => import('@web/features/trades/desk/TradesDeskTab'), 'TradesDeskTab'),
    roles: allStaff,
  },
  {
    path: 'repasses',
    label: 'Repasses',
    icon: Banknote,
    component: queue(() => import('@web/features/trades/desk/PayoutsTab'), 'PayoutsTab'),
    roles: allStaff,
  },
  {
    path: 'sistema',
    label: 'Sistema',
    icon: Server,
    component: lazy(() => import('./SystemTab')),
    roles: adminsOnly,
  },
  {
    path: 'auditoria',
    label: 'Auditoria',
    icon: ScrollText,
    component: lazy(() => import('./AuditTab')),
    roles: adminsOnly,
  },
];

export const tabsFor = (role: StaffRole) => adminTabs.filter((tab) => tab.roles.includes(role));
export const hrefOf = (tab: AdminTab) => paths.admin(tab.path);
