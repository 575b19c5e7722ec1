import { type Banner, MAX_BANNER_IMAGE_BYTES, bannerMessages as m } from '@shared/banners';
import { Button } from '@web/components/ui/button';
import { DataTable, type TableColumn } from '@web/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { StaffTab } from '@web/components/ui/staff-tab';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useAdminBanners, useDeleteBanner, useSaveBanner, useSetBannerActive } from './api';

/** Banners (admins only): the home carousel's banners; create, edit, delete, switch on and off. */
export default function BannersTab() {
  const banners = useAdminBanners();
  const toggle = useSetBannerActive();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);

  const columns = useMemo<TableColumn<Banner>[]>(
    () => [
      {
        header: 'Imagem',
        id: 'image',
        cell: ({ row }) => (
          <img
            src={row.original.imageUrl}
            alt=""
            className="h-12 w-32 rounded-md border border-line object-cover"
          />
        ),
      },
      {
        header: 'Título',
        id: 'title',
        meta: { card: 'primary' },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="font-medium">{row.original.title}</span>
            {row.original.linkUrl && (
              <span className="break-all text-xs font-normal text-muted">{row.original.linkUrl}</span>
            )}
          </span>
        ),
      },
      { header: 'Ordem', id: 'order', cell: ({ row }) => row.original.displayOrder },
      {
        header: 'Status',
        id: 'status',
        cell: ({ row }) => (
          <span className={row.original.active ? 'text-accent' : 'text-muted'}>
            {row.original.active ? 'Ativo' : 'Inativo'}
          </span>
        ),
      },
      {
        header: () => <span className="sr-only">Ações</span>,
        id: 'actions',
        cell: ({ row }) => {
          const b = row.original;
          return (
            <span className="flex items-center gap-1">
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`${b.active ? 'Desativar' : 'Ativar'} ${b.title}`}
                aria-pressed={b.active}
                disabled={toggle.isPending}
                onClick={() =>
                  toggle.mutate(
                    { id: b.id, active: !b.active },
                    {
                      onSuccess: (saved) => toast.success(saved.active ? m.activated : m.deactivated),
                      onError: (error) => toast.error(m.toggleFailed, { description: error.message }),
                    },
                  )
                }
              >
                {b.active ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Editar ${b.title}`}
                onClick={() => setEditing(b)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Excluir ${b.title}`}
                onClick={() => setDeleting(b)}
              >
                <Trash2 aria-hidden />
              </Button>
            </span>
          );
        },
      },
    ],
    [toggle],
  );

  return (
    <StaffTab
      title="Banners da home"
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden />
          Novo banner
        </Button>
      }
      query={banners}
      errorTitle={m.loadFailed}
      detail={
        <>
          {editing && (
            <BannerDialog
              banner={editing === 'new' ? null : editing}
              nextOrder={(banners.data?.length ?? 0) + 1}
              onClose={() => setEditing(null)}
            />
          )}
          <DeleteDialog banner={deleting} onClose={() => setDeleting(null)} />
        </>
      }
    >
      {(data) => (
        <DataTable
          caption="Banners da home"
          columns={columns}
          data={data}
          rowId={(row) => String(row.id)}
          empty="Nenhum banner cadastrado."
        />
      )}
    </StaffTab>
  );
}

function BannerDialog({
  banner,
  nextOrder,
  onClose,
}: {
  banner: Banner | null;
  nextOrder: number;
  onClose: () => void;
}) {
  const save = useSaveBanner();
  const ids = {
    title: useId(),
    description: useId(),
    file: useId(),
    url: useId(),
    link: useId(),
    order: useId(),
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<string | null>(banner?.imageUrl ?? null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('image');
    const hasFile = file instanceof File && file.size > 0;
    if (!hasFile) form.delete('image');
    const next: Record<string, string> = {};
    if (!String(form.get('title') ?? '').trim()) next.title = m.titleRequired;
    if (!banner && !hasFile && !String(form.get('imageUrl') ?? '').trim()) next.image = m.imageRequired;
    if (hasFile && !file.type.startsWith('image/')) next.image = m.notAnImage;
    if (hasFile && file.size > MAX_BANNER_IMAGE_BYTES) next.image = m.imageTooLarge;
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      { id: banner?.id ?? null, form },
      {
        onSuccess: () => {
          toast.success(banner ? m.updated : m.created);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) {
            const fields = { ...error.fields };
            if (fields.photos) fields.image = fields.photos;
            setErrors(fields);
          }
          toast.error(m.saveFailed, { description: error.message });
        },
      },
    );
  };

  const err = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} role="alert" className="text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogTitle>{banner ? 'Editar banner' : 'Novo banner'}</DialogTitle>
        <DialogDescription>Os banners ativos aparecem na home, na ordem de exibição.</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.title} className="text-sm font-medium text-fg">
              Título
            </label>
            <Input
              id={ids.title}
              name="title"
              required
              defaultValue={banner?.title}
              maxLength={120}
              {...described('title')}
            />
            {err('title')}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.description} className="text-sm font-medium text-fg">
              Descrição (opcional)
            </label>
            <Input
              id={ids.description}
              name="description"
              defaultValue={banner?.description ?? ''}
              maxLength={300}
            />
          </div>
          <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3" {...described('image')}>
            <legend className="px-1 text-sm font-medium text-fg">Imagem</legend>
            {preview && <img src={preview} alt="" className="aspect-[16/5] w-full rounded-md object-cover" />}
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.file} className="text-sm text-fg">
                Enviar arquivo (até 10MB)
              </label>
              <input
                id={ids.file}
                name="image"
                type="file"
                accept="image/*"
                className="text-sm text-muted file:mr-3 file:rounded-md file:border-0 file:bg-surface-3 file:px-3 file:py-1.5 file:text-fg"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  setPreview(file ? URL.createObjectURL(file) : (banner?.imageUrl ?? null));
                }}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.url} className="text-sm text-fg">
                Ou endereço da imagem (https)
              </label>
              <Input
                id={ids.url}
                name="imageUrl"
                type="url"
                placeholder="https://"
                defaultValue={banner && !banner.uploaded ? banner.imageUrl : ''}
                {...described('imageUrl')}
              />
              {err('imageUrl')}
            </div>
            {err('image')}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.link} className="text-sm font-medium text-fg">
              Link (opcional)
            </label>
            <Input
              id={ids.link}
              name="linkUrl"
              type="url"
              placeholder="https:// ou /marketplace"
              defaultValue={banner?.linkUrl ?? ''}
              {...described('linkUrl')}
            />
            {err('linkUrl')}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.order} className="text-sm font-medium text-fg">
              Ordem de exibição
            </label>
            <Input
              id={ids.order}
              name="displayOrder"
              type="number"
              min={1}
              step={1}
              defaultValue={banner?.displayOrder ?? nextOrder}
              {...described('displayOrder')}
            />
            {err('displayOrder')}
          </div>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" busy={save.isPending}>
              {banner ? 'Salvar' : 'Criar banner'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const remove = useDeleteBanner();
  return (
    <Dialog open={banner !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Excluir banner</DialogTitle>
        <DialogDescription>{m.deleteConfirm}</DialogDescription>
        {banner && <p className="mt-3 text-sm text-fg">{banner.title}</p>}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              banner &&
              remove.mutate(banner.id, {
                onSuccess: () => {
                  toast.success(m.deleted);
                  onClose();
                },
                onError: (error) => toast.error(m.deleteFailed, { description: error.message }),
              })
            }
          >
            Excluir
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
