import type { ListingDetail } from '@shared/listings';
import { paths } from '@shared/paths';
import { ArrowLeft, CircleHelp, Gamepad2, House, type LucideIcon, Settings } from 'lucide-react';
import { Link } from 'react-router';

/** The page's own links (part 1 §2): a compact card beside the content, since the app sidebar is there too. */
export function ListingNav({ listing }: { listing: ListingDetail }) {
  return (
    <nav aria-label="Navegação do anúncio" className="rounded-2xl border border-line bg-surface p-2 text-sm">
      <ul className="flex flex-col gap-0.5">
        <NavItem to={paths.marketplace} icon={ArrowLeft} label="Voltar ao Marketplace" />
        <NavItem to="/inicio" icon={House} label="Início" />
      </ul>
      <div className="my-2 border-t border-line" />
      <Link
        to={paths.category(listing.game.slug)}
        className="flex items-center gap-2.5 rounded-lg px-3 py-2 font-medium text-fg transition-colors hover:bg-surface-3"
      >
        <Gamepad2 aria-hidden className="size-4 shrink-0 text-accent" />
        <span className="truncate">{listing.game.name}</span>
      </Link>
      <p aria-current="page" className="mb-1 line-clamp-2 pr-3 pl-9.5 text-xs break-words text-muted">
        {listing.title}
      </p>
      <div className="my-2 border-t border-line" />
      <ul className="flex flex-col gap-0.5">
        <NavItem to={paths.help} icon={CircleHelp} label="Ajuda" />
        <NavItem to={paths.settings} icon={Settings} label="Configurações" />
      </ul>
    </nav>
  );
}

function NavItem({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-muted transition-colors hover:bg-surface-3 hover:text-fg"
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        {label}
      </Link>
    </li>
  );
}
