import { formatPixKey, formatPixKeyTime, type PixKey, pixKeyTypeLabels } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { KeyRound, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AddPixKeyForm } from './AddPixKeyForm';
import { useDeletePixKey, useMakeDefaultPixKey, usePixKeys } from './api';
import { ConfirmDefaultDialog, type ConfirmRefusal, refusalOf } from './ConfirmDefaultDialog';

/** A change that moves the default key, waiting for the password or code: 'Tornar padrão', or deleting the default. */
interface PendingChange {
  kind: 'default' | 'delete';
  key: PixKey;
}

const describe = (key: PixKey) => `${pixKeyTypeLabels[key.type]} ${formatPixKey(key.type, key.key)}`;

const failed = (title: string) => (error: unknown) =>
  toast.error(title, { description: isApiError(error) && error.isClientError ? error.message : undefined });

/**
 * The 'Chaves PIX' tab: the add form, then the keys with the default first in line for payouts. The owner sees
 * their own keys in full here (and nowhere else: other pages mask them). Whatever moves the default (the first
 * key, 'Tornar padrão', deleting the default while others remain) asks for the password or the two-factor code.
 */
export function PixKeysPanel() {
  const keys = usePixKeys();
  const makeDefault = useMakeDefaultPixKey();
  const remove = useDeletePixKey();
  const [deleting, setDeleting] = useState<PixKey | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [refusal, setRefusal] = useState<ConfirmRefusal | null>(null);

  const list = keys.data?.keys ?? [];
  const max = keys.data?.max ?? 5;
  const full = list.length >= max;
  const confirmWith = keys.data?.confirmWith ?? 'password';

  const ask = (change: PendingChange) => {
    setRefusal(null);
    setPending(change);
  };
  const confirmChange = (confirmation: { password?: string; code?: string }) => {
    if (!pending) return;
    const { kind, key } = pending;
    const mutation = kind === 'default' ? makeDefault : remove;
    mutation.mutate(
      { id: key.id, confirmation },
      {
        onSuccess: () => {
          setPending(null);
          toast.success(kind === 'default' ? m.madeDefault : m.deleted);
        },
        onError: (error) => {
          // A wrong password or code stays in the dialog, under its input; anything else closes it.
          if (isApiError(error) && (error.fields.password || error.fields.code)) {
            setRefusal(refusalOf(error, m.confirmTitle));
            return;
          }
          setPending(null);
          failed(
            kind === 'default'
              ? 'Não foi possível tornar a chave padrão'
              : 'Não foi possível excluir a chave',
          )(error);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="pix-adicionar"
        className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="pix-adicionar" className="font-display text-lg font-semibold tracking-wide text-fg">
          Adicionar chave PIX
        </h2>
        <p className="mt-1 mb-5 text-sm text-muted">
          Seus recebimentos são enviados para a chave padrão. Você pode cadastrar até {max} chaves
          {keys.data && ` (${list.length} de ${max} em uso)`}.
        </p>
        <AddPixKeyForm
          disabled={!keys.data || full}
          confirmFirst={keys.data && list.length === 0 ? confirmWith : null}
        />
        {full && (
          <p className="mt-3 text-sm text-warning">
            Você atingiu o limite de {max} chaves. Exclua uma para adicionar outra.
          </p>
        )}
      </section>

      <section aria-labelledby="pix-minhas" className="flex flex-col gap-3">
        <h2 id="pix-minhas" className="font-display text-lg font-semibold tracking-wide text-fg">
          Minhas chaves
        </h2>
        {keys.isPending ? (
          <Skeleton className="h-20 rounded-xl" />
        ) : keys.isError ? (
          <LoadError
            title="Não foi possível carregar suas chaves PIX"
            message={isApiError(keys.error) ? keys.error.message : 'Tente novamente.'}
            onRetry={() => keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-10 text-center">
            <KeyRound aria-hidden className="size-8 text-subtle" />
            <p className="font-medium text-fg">Nenhuma chave PIX cadastrada</p>
            <p className="text-sm text-muted">Adicione uma chave para receber o valor das suas vendas.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.map((key) => (
              <li
                key={key.id}
                className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
                    {pixKeyTypeLabels[key.type]}
                    {key.isDefault && (
                      <span className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-[0.65rem] text-accent">
                        <Star aria-hidden className="size-3" />
                        Padrão
                      </span>
                    )}
                  </p>
                  <p className="mt-1 font-mono text-sm break-all text-fg">
                    {formatPixKey(key.type, key.key)}
                  </p>
                  {key.isDefault && key.defaultSince && (
                    <p className="mt-1 text-xs text-muted">
                      {m.defaultSince(formatPixKeyTime(key.defaultSince))}
                    </p>
                  )}
                </div>
                <div className="flex gap-2">
                  {!key.isDefault && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Tornar padrão a chave ${formatPixKey(key.type, key.key)}`}
                      onClick={() => ask({ kind: 'default', key })}
                    >
                      Tornar padrão
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Excluir a chave ${formatPixKey(key.type, key.key)}`}
                    onClick={() =>
                      key.isDefault && list.length > 1 ? ask({ kind: 'delete', key }) : setDeleting(key)
                    }
                  >
                    <Trash2 aria-hidden />
                    Excluir
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir chave PIX?"
        description={deleting ? `A chave ${describe(deleting)} será removida.` : ''}
        confirmLabel="Excluir"
        busyLabel="Excluindo..."
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                toast.success(m.deleted);
                setDeleting(null);
              },
              onError: (error) => {
                setDeleting(null);
                failed('Não foi possível excluir a chave')(error);
              },
            },
          )
        }
      />

      <ConfirmDefaultDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        confirmWith={confirmWith}
        title={pending?.kind === 'delete' ? 'Excluir chave PIX padrão?' : m.confirmTitle}
        description={
          pending?.kind === 'delete'
            ? `A chave ${describe(pending.key)} será removida. ${m.confirmDeleteDefault}`
            : pending
              ? `Tornar padrão a chave ${describe(pending.key)}. ${m.confirmMakeDefault}`
              : ''
        }
        submitLabel={pending?.kind === 'delete' ? 'Excluir' : 'Tornar padrão'}
        danger={pending?.kind === 'delete'}
        busy={makeDefault.isPending || remove.isPending}
        refusal={refusal}
        onConfirm={confirmChange}
      />
    </div>
  );
}
