import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { useMe } from '@web/features/accounts/api';
import { ChevronRight, LogIn, type LucideIcon, Package, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

export interface ServicesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The mobile 'Serviços' dialog: guests are sent to /login, signed-in users pick a service. */
export default function ServicesDialog({ open, onOpenChange }: ServicesDialogProps) {
  const me = useMe();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Serviços</DialogTitle>
        {me.data ? (
          <>
            <DialogDescription>Escolha o que você quer fazer.</DialogDescription>
            <div className="mt-5 flex flex-col gap-3">
              <ServiceLink
                to="/publish"
                icon={Package}
                title="Publicar Produto"
                text="Anuncie itens, contas, moedas e skins."
                onClick={close}
              />
              <ServiceLink
                to={paths.intermediation}
                icon={ShieldCheck}
                title="Intermediação Segura"
                text="Negocie com a proteção da nossa equipe."
                onClick={close}
              />
            </div>
          </>
        ) : (
          <>
            <DialogDescription>
              Faça login para publicar produtos e usar a intermediação segura.
            </DialogDescription>
            <ButtonLink to={paths.login} onClick={close} size="lg" className="mt-5 w-full">
              <LogIn aria-hidden />
              Fazer login
            </ButtonLink>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ServiceLinkProps {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
  onClick: () => void;
}

function ServiceLink({ to, icon: Icon, title, text, onClick }: ServiceLinkProps) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className="group flex items-center gap-4 rounded-xl border border-line bg-surface-3/50 p-4 transition-colors hover:border-accent/60 hover:bg-accent-soft"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-fg">{title}</span>
        <span className="block text-sm text-muted">{text}</span>
      </span>
      <ChevronRight
        aria-hidden
        className="size-4 text-subtle transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}
