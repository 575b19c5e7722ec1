import { paths } from '@shared/paths';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { useGames } from '@web/features/games/api';
import { gameIcon } from '@web/features/games/icons';
import { cn } from '@web/lib/cn';
import { type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { accountNav, isUnder, mainNav, type NavItem } from './navigation';
import { useRailTooltip } from './rail-tooltip-context';

interface NavProps {
  /** Icons only, labels in tooltips (the collapsed desktop sidebar). */
  collapsed?: boolean;
  /** Called after a link is followed (closes the drawer). */
  onNavigate?: () => void;
}

interface SidebarNavProps extends NavProps {
  /** The 'Minha Conta' links: the drawer has more than the sidebar (navigation.ts). */
  account?: readonly NavItem[];
}

/** The links of the sidebar and of the mobile drawer. */
export function SidebarNav({ collapsed = false, onNavigate, account = accountNav }: SidebarNavProps) {
  const me = useMe();
  return (
    <nav aria-label="Navegação principal" className="flex flex-col gap-5">
      <NavSection title="Navegação" collapsed={collapsed}>
        {mainNav.map((item) => (
          <NavRow key={item.to} {...item} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </NavSection>
      <NavSection title="Jogos" collapsed={collapsed}>
        <GameLinks collapsed={collapsed} onNavigate={onNavigate} />
      </NavSection>
      {me.data && (
        <NavSection title="Minha Conta" collapsed={collapsed}>
          {account.map((item) => (
            <NavRow key={item.to} {...item} collapsed={collapsed} onNavigate={onNavigate} />
          ))}
        </NavSection>
      )}
    </nav>
  );
}

function NavSection({
  title,
  collapsed,
  children,
}: {
  title: string;
  collapsed: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      {collapsed ? (
        <>
          <h2 className="sr-only">{title}</h2>
          <div aria-hidden className="mx-auto mb-1.5 h-px w-6 bg-line" />
        </>
      ) : (
        <h2 className="mb-1.5 px-3 text-[0.7rem] font-semibold uppercase tracking-[0.14em] text-subtle">
          {title}
        </h2>
      )}
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </div>
  );
}

interface NavRowProps extends NavProps {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active listings of a game, shown when above zero (not in the collapsed rail). */
  count?: number;
  activeFor?: readonly string[];
}

function NavRow({
  to,
  label,
  icon: Icon,
  count = 0,
  activeFor = [],
  collapsed = false,
  onNavigate,
}: NavRowProps) {
  const tooltip = useRailTooltip(label);
  const { pathname } = useLocation();
  const alsoActive = activeFor.some((path) => isUnder(pathname, path));
  return (
    <li className={cn(collapsed && 'flex justify-center')}>
      <NavLink
        to={to}
        aria-label={collapsed ? label : undefined}
        {...(collapsed ? tooltip : {})}
        onClick={() => {
          if (collapsed) tooltip.onClick?.();
          onNavigate?.();
        }}
        className={({ isActive: exact }) => {
          const isActive = exact || alsoActive;
          return cn(
            'relative flex h-9 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
            collapsed ? 'w-9 justify-center' : 'px-3',
            isActive ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface-3 hover:text-fg',
          );
        }}
      >
        {({ isActive: exact }) => {
          const isActive = exact || alsoActive;
          return (
            <>
              {isActive && !collapsed && (
                <span
                  aria-hidden
                  className="absolute inset-y-2 -left-3 w-0.5 rounded-full bg-accent shadow-glow"
                />
              )}
              <Icon aria-hidden className="size-[1.1rem] shrink-0" />
              {!collapsed && <span className="truncate">{label}</span>}
              {!collapsed && count > 0 && (
                <span
                  className={cn(
                    'ml-auto shrink-0 rounded-full px-1.5 py-px text-[0.68rem] font-semibold tabular-nums',
                    isActive ? 'bg-accent/20 text-accent' : 'bg-surface-3 text-muted',
                  )}
                >
                  {count}
                  <span className="sr-only"> {count === 1 ? 'anúncio' : 'anúncios'}</span>
                </span>
              )}
            </>
          );
        }}
      </NavLink>
    </li>
  );
}

const GAMES_ERROR = 'Erro ao carregar jogos';

function GameLinks({ collapsed = false, onNavigate }: NavProps) {
  const games = useGames();
  const errorTooltip = useRailTooltip(GAMES_ERROR);

  if (games.isPending) {
    return (
      <>
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <li key={key} className={cn('flex h-9 items-center gap-3', collapsed ? 'justify-center' : 'px-3')}>
            <Skeleton className="size-[1.1rem] rounded" />
            {!collapsed && <Skeleton className="h-3 flex-1 rounded-md" />}
          </li>
        ))}
      </>
    );
  }

  if (games.isError) {
    return (
      <li
        role="alert"
        className={cn(
          'flex h-9 items-center gap-3 text-sm text-danger',
          collapsed ? 'justify-center' : 'px-3',
        )}
      >
        <span
          className="inline-flex"
          {...(collapsed
            ? { onPointerEnter: errorTooltip.onPointerEnter, onPointerLeave: errorTooltip.onPointerLeave }
            : {})}
        >
          <TriangleAlert aria-hidden className="size-[1.1rem] shrink-0" />
        </span>
        <span className={cn(collapsed && 'sr-only')}>{GAMES_ERROR}</span>
      </li>
    );
  }

  return (
    <>
      {games.data.map((game, index) => (
        <NavRow
          key={game.id}
          to={paths.category(game.slug)}
          label={game.name}
          icon={gameIcon(index)}
          count={game.activeListings}
          collapsed={collapsed}
          onNavigate={onNavigate}
        />
      ))}
    </>
  );
}
