import { adminMessages as m, staffRoleLabels } from '@shared/admin-messages';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { useMe } from '@web/features/accounts/api';
import { useLogout } from '@web/features/accounts/mutations';
import { useCurrentSession } from '@web/features/admin/api';
import { adminLoginFor } from '@web/features/admin/redirect';
import { type AdminTab, hrefOf, tabsFor } from '@web/features/admin/tabs';
import { cn } from '@web/lib/cn';
import { BRASILIA_LABEL, formatDateTimeBrasilia } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { LogOut, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';

/** '/admin' and '/admin/:tab' (part 2 §2 "Admin panel"): staff only; each tab has its own address. */
export default function AdminPage() {
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const denied = me.isError || me.data === null || (me.data !== undefined && !me.data.role);

  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => navigate(adminLoginFor(pathname), { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [denied, navigate, pathname]);

  if (denied) {
    return (
      <Centered>
        <title>Acesso Negado | Mercado Gamer</title>
        <ShieldAlert aria-hidden className="size-10 text-danger" />
        <h1 className="font-display text-2xl font-bold text-fg">{m.denied}</h1>
        <p role="status" className="text-sm text-muted">
          {m.redirecting}
        </p>
      </Centered>
    );
  }
  if (!me.data?.role) {
    return (
      <Centered>
        <title>Painel de Administração | Mercado Gamer</title>
        <span
          aria-hidden
          className="size-8 animate-spin rounded-full border-2 border-accent border-t-transparent"
        />
        <p role="status" className="text-sm text-muted">
          {m.checking}
        </p>
      </Centered>
    );
  }
  return <Panel email={me.data.email} role={me.data.role} />;
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-center">
      {children}
    </div>
  );
}

function Panel({ email, role }: { email: string; role: 'admin' | 'moderator' }) {
  const { tab: tabPath = '' } = useParams();
  const tabs = tabsFor(role);
  const current = tabs.find((t) => t.path === tabPath);

  // A role without the overview (moderators) opens its first tab at '/admin'; an unknown tab says so.
  if (!current && tabPath === '' && tabs[0]) return <Navigate to={hrefOf(tabs[0])} replace />;

  const Tab = current?.component;
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-[90rem] flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <title>{`${current ? `${current.label} · ` : ''}Painel de Administração | Mercado Gamer`}</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
            Painel de Administração
          </h1>
          <p className="mt-1 text-sm text-muted">
            {email} · {staffRoleLabels[role]}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OnlineBadge />
          <LogoutButton email={email} />
        </div>
      </header>
      <TabStrip tabs={tabs} current={current} />
      <section aria-label={current?.label ?? 'Seção não encontrada'} className="flex min-w-0 flex-col gap-4">
        {Tab ? (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                Carregando...
              </p>
            }
          >
            <Tab />
          </Suspense>
        ) : (
          <p className="rounded-xl border border-line bg-surface p-6 text-sm text-muted">
            Esta seção não existe ou não está disponível para a sua função.
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * The tabs a role sees, as links in one line: compact enough that all twelve fit at 1440 px; narrower, the line
 * scrolls sideways and the active tab is brought into view (at 390 px too), without moving the page.
 */
function TabStrip({ tabs, current }: { tabs: readonly AdminTab[]; current: AdminTab | undefined }) {
  const strip = useRef<HTMLUListElement>(null);
  const active = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    const list = strip.current;
    const link = active.current;
    if (!list || !link || !current) return;
    const left = link.offsetLeft - list.offsetLeft;
    const right = left + link.offsetWidth;
    if (left < list.scrollLeft || right > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - (list.clientWidth - link.offsetWidth) / 2);
    }
  }, [current]);
  return (
    <nav aria-label="Seções do painel" className="-mx-4 min-w-0 sm:mx-0">
      <ul
        ref={strip}
        className="flex gap-0.5 overflow-x-auto border-b border-line px-4 [scrollbar-width:thin] sm:px-0"
      >
        {tabs.map((tab) => {
          const isActive = tab === current;
          const Icon = tab.icon;
          return (
            <li key={tab.path} className="shrink-0">
              <Link
                ref={isActive ? active : undefined}
                to={hrefOf(tab)}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'inline-flex h-11 items-center gap-1.5 whitespace-nowrap border-b-2 px-2.5 text-sm font-medium transition-colors',
                  isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
                )}
              >
                {/* Between lg and 2xl (the site's sidebar open) the icons give way, so all twelve labels fit. */}
                <Icon aria-hidden className="size-4 shrink-0 lg:hidden 2xl:block" />
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** 'Sistema Online' with the date and time in Brasília, ticking each half minute. */
function OnlineBadge() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="inline-flex items-center gap-2 rounded-xl border border-accent/40 bg-accent-soft px-3 py-1.5 text-xs font-medium text-fg sm:rounded-full">
      <span aria-hidden className="size-2 shrink-0 rounded-full bg-accent" />
      <span className="flex flex-col sm:flex-row sm:gap-2">
        <span className="whitespace-nowrap">Sistema Online</span>
        <span aria-hidden className="hidden sm:inline">
          ·
        </span>
        <span className="whitespace-nowrap">
          <time dateTime={now.toISOString()}>{formatDateTimeBrasilia(now)}</time> ({BRASILIA_LABEL})
        </span>
      </span>
    </span>
  );
}

function LogoutButton({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const session = useCurrentSession(open);
  const logout = useLogout();
  const navigate = useNavigate();

  const onConfirm = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(m.logoutSuccess, { description: m.logoutSuccessDetail });
        navigate(paths.adminLogin, { replace: true });
      },
      onError: (error) =>
        toast.error(m.logoutFailed, { description: error.message || m.logoutFailedFallback }),
    });
  };

  const startedAt = session.data
    ? `${formatDateTimeBrasilia(session.data.createdAt)} (${BRASILIA_LABEL})`
    : null;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LogOut aria-hidden />
        Sair do Admin
      </Button>
      <DialogContent>
        <DialogTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-accent" />
          Sair do painel administrativo?
        </DialogTitle>
        <DialogDescription>Você está saindo do painel administrativo.</DialogDescription>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 rounded-lg border border-line bg-surface p-3 text-sm">
          <dt className="text-muted">Administrador</dt>
          <dd className="break-all text-fg">{email}</dd>
          <dt className="text-muted">Sessão iniciada</dt>
          <dd className="text-fg">{startedAt ?? (session.isError ? 'Não disponível' : 'Carregando...')}</dd>
        </dl>
        <p className="mt-3 text-sm text-muted">
          Será necessário fazer um novo login para acessar o painel novamente.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={logout.isPending}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={logout.isPending}>
            {logout.isPending ? 'Saindo...' : 'Confirmar Logout'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
