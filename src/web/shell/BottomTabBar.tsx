import { paths } from '@shared/paths';
import { useMe } from '@web/features/accounts/api';
import { cn } from '@web/lib/cn';
import { House, type LucideIcon, Search, UserRound, Users } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { communityPaths, isUnder } from './navigation';
import { ServicesButton } from './ServicesButton';

/** The fixed bottom tab bar below 1024px, with the raised 'Serviços' button in the middle. */
export function BottomTabBar() {
  const me = useMe();
  return (
    <nav
      aria-label="Navegação inferior"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5 items-stretch">
        <Tab to={paths.home} label="Home" icon={House} />
        <Tab to={paths.search} label="Pesquisar" icon={Search} />
        <li className="flex justify-center">
          <ServicesButton />
        </li>
        <Tab to={paths.community} label="Comunidade" icon={Users} activeFor={communityPaths} />
        <Tab to={me.data ? '/perfil' : '/login'} label="Perfil" icon={UserRound} />
      </ul>
    </nav>
  );
}

interface TabProps {
  to: string;
  label: string;
  icon: LucideIcon;
  activeFor?: readonly string[];
}

function Tab({ to, label, icon: Icon, activeFor = [] }: TabProps) {
  const { pathname } = useLocation();
  const alsoActive = activeFor.some((path) => isUnder(pathname, path));
  return (
    <li className="flex">
      <NavLink
        to={to}
        className={({ isActive }) =>
          cn(
            'flex flex-1 flex-col items-center justify-center gap-1 text-[0.7rem] font-medium transition-colors',
            isActive || alsoActive ? 'text-accent' : 'text-muted hover:text-fg',
          )
        }
      >
        <Icon aria-hidden className="size-5" />
        {label}
      </NavLink>
    </li>
  );
}
