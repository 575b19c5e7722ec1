import { paths } from '@shared/paths';
import { resumeActions } from '@shared/return-path';
import {
  describeFilters,
  MAX_SAVED_SEARCH_NAME,
  type SavedSearchFilters,
  suggestedName,
} from '@shared/saved-searches';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { useMe } from '@web/features/accounts/api';
import { useGoToLogin, useResumeAction } from '@web/features/accounts/return-path';
import { useGames } from '@web/features/games/api';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { BellPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateSavedSearch } from './api';

/**
 * The marketplace's 'Me avise': saves the filters on screen as an alert, under a name. A guest is sent to sign in
 * and comes back to this page with the dialog open again (`?acao=avisar`).
 */
export function SaveSearchButton({ filters }: { filters: SavedSearchFilters }) {
  const me = useMe();
  const games = useGames();
  const goToLogin = useGoToLogin();
  const navigate = useNavigate();
  const create = useCreateSavedSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const gameName = filters.game ? (games.data?.find((g) => g.slug === filters.game)?.name ?? null) : null;

  const openDialog = () => {
    setName(suggestedName(filters, gameName));
    setEmail(true);
    setError(undefined);
    setOpen(true);
  };
  useResumeAction(resumeActions.alert, openDialog);

  const onClick = async () => {
    const isMember = me.isPending ? Boolean((await me.refetch()).data) : Boolean(me.data);
    if (isMember) openDialog();
    else goToLogin(resumeActions.alert);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, filters, email },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success('Alerta criado', {
            description: 'Avisaremos quando aparecer um anúncio novo ou um preço baixar.',
            action: { label: 'Ver alertas', onClick: () => navigate(paths.alerts) },
          });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 401) goToLogin(resumeActions.alert);
          else setError(failure.message);
        },
      },
    );
  };

  return (
    <>
      {/* On a phone the bell icon alone (the name stays 'Me avise'): the sort beside it keeps its room. */}
      <Button variant="secondary" onClick={onClick} className="max-sm:px-3">
        <BellPlus aria-hidden />
        <span className="max-sm:sr-only">Me avise</span>
      </Button>
      <Dialog open={open} onOpenChange={(next) => !create.isPending && setOpen(next)}>
        <DialogContent>
          <DialogTitle>Criar alerta</DialogTitle>
          <DialogDescription>
            Avisamos quando surgir um anúncio com estes filtros ou um preço baixar:{' '}
            <strong className="font-medium text-fg">{describeFilters(filters, gameName)}</strong>
          </DialogDescription>
          <form onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" noValidate>
            <Field htmlFor="alert-name" label="Nome do alerta" error={error}>
              <Input
                id="alert-name"
                value={name}
                maxLength={MAX_SAVED_SEARCH_NAME}
                onChange={(e) => setName(e.target.value)}
                required
                {...describedBy('alert-name', Boolean(error))}
              />
            </Field>
            <div className="flex items-center justify-between gap-3">
              <label htmlFor="alert-email" className="text-sm text-fg">
                Também avisar por e-mail
                <span className="block text-xs text-muted">O sino do site avisa sempre.</span>
              </label>
              <Switch id="alert-email" checked={email} onCheckedChange={setEmail} />
            </div>
            <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="secondary"
                disabled={create.isPending}
                onClick={() => setOpen(false)}
              >
                Cancelar
              </Button>
              <Button type="submit" busy={create.isPending}>
                {create.isPending ? 'Salvando…' : 'Salvar alerta'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
