import type { StaffRole } from '@shared/accounts';
import { Image, LayoutDashboard, type LucideIcon, ScrollText, Server, Users } from 'lucide-react';
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
    component: lazy(() => import('./BannersTab')),
    roles: adminsOnly,
  },
  {
    path: 'usuarios',
    label: 'Usuários',
    icon: Users,
    component: lazy(() => import('./StaffTab')),
    roles: adminsOnly,
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
export const hrefOf = (tab: AdminTab) => (tab.path ? `/admin/${tab.path}` : '/admin');
