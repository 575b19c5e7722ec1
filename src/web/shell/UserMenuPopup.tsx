import { paths } from '@shared/paths';
import { UserAvatar } from '@web/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useSignOut } from '@web/features/accounts/useSignOut';
import { MemberCardFigures } from '@web/features/reputation/MemberCardFigures';
import { formatMonthYear } from '@web/lib/format';
import { BellRing, LogOut, Package, Settings, ShieldCheck, Tag, UserRound, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { MyItemsSection } from './MyItemsSection';
import { type UserMenuProps, UserMenuTrigger } from './UserMenuTrigger';

/**
 * The user menu itself: the user card (level, XP, negotiations and rating, as on '/u/{name}'), 'Meus Itens', links
 * and 'Sair da Conta' (signs out and goes to '/').
 */
export default function UserMenuPopup({ user, compact = false }: UserMenuProps) {
  const { signOut, isPending } = useSignOut();
  const since = formatMonthYear(user.memberSince);

  return (
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger asChild>
        <UserMenuTrigger user={user} compact={compact} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80">
        <DropdownMenuGroup
          aria-label="Seu cartão"
          className="mb-1.5 flex flex-col gap-3 rounded-lg bg-surface-3/60 p-3"
        >
          <div className="flex items-center gap-3">
            <UserAvatar name={user.nickname} src={user.avatarUrl} size="xl" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-fg">{user.nickname}</p>
              <p className="truncate text-xs text-muted">{user.email}</p>
              {since && <p className="mt-1 text-xs text-subtle">Membro desde {since}</p>}
              {user.role && (
                <span className="mt-2 inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-[0.65rem] font-semibold uppercase tracking-wide text-accent">
                  <ShieldCheck aria-hidden className="size-3" />
                  Equipe
                </span>
              )}
            </div>
          </div>
          <MemberCardFigures username={user.nickname} />
        </DropdownMenuGroup>
        <MyItemsSection />
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to={paths.profile}>
              <UserRound aria-hidden />
              Ver Perfil Completo
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.profile}>
              <Package aria-hidden />
              Ver Meus Produtos
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.myOffers}>
              <Tag aria-hidden />
              Minhas Ofertas
            </Link>
          </DropdownMenuItem>
          {/* Saved searches that alert (issue 38 part 3). */}
          <DropdownMenuItem asChild>
            <Link to={paths.alerts}>
              <BellRing aria-hidden />
              Meus Alertas
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.payments}>
              <Wallet aria-hidden />
              Pagamentos
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.settings}>
              <Settings aria-hidden />
              Configurações
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" disabled={isPending} onSelect={() => signOut('/')}>
          <LogOut aria-hidden />
          Sair da Conta
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
