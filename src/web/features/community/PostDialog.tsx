import { zodResolver } from '@hookform/resolvers/zod';
import { type PostDetail, type PostInput, postInput } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import {
  type CommunityCategory,
  categoryLabel,
  communityCategories,
  MAX_POST_CONTENT,
  MAX_POST_TITLE,
} from '@shared/community-rules';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useCreatePost, useUpdatePost } from './api';
import { askToLogIn } from './login-toast';

type FormInput = { title: string; category: CommunityCategory | ''; content: string };
const fieldNames = ['title', 'category', 'content'] as const;

export interface PostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category tab the user is on, chosen in advance for a new post. */
  defaultCategory?: CommunityCategory | null;
  /** The post to edit; without it the dialog writes a new one. */
  post?: PostDetail;
}

/**
 * 'Novo post' (title, category and plain-text content; after publishing it opens the new post), or
 * 'Editar post' for the author, with the same fields and rules.
 */
export default function PostDialog({ open, onOpenChange, defaultCategory = null, post }: PostDialogProps) {
  const create = useCreatePost();
  const update = useUpdatePost(post?.id ?? 0);
  const save = post ? update : create;
  const navigate = useNavigate();
  const id = useId();

  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, PostInput>({
    resolver: zodResolver(postInput) as unknown as Resolver<FormInput, unknown, PostInput>,
    defaultValues: post
      ? { title: post.title, category: post.category as CommunityCategory, content: post.content }
      : { title: '', category: defaultCategory ?? '', content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';

  const submit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      ({ id: postId }) => {
        toast.success(post ? m.postUpdated : m.postCreated);
        onOpenChange(false);
        if (post) return;
        reset();
        navigate(paths.post(postId));
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 401) {
          onOpenChange(false);
          askToLogIn(m.postLoginRequired, () => navigate(paths.login));
          return;
        }
        let placed = false;
        if (isApiError(error)) {
          for (const [name, message] of Object.entries(error.fields)) {
            const field = fieldNames.find((candidate) => candidate === name);
            if (field) {
              setError(field, { type: 'server', message }, { shouldFocus: !placed });
              placed = true;
            }
          }
        }
        toast.error(post ? m.postUpdateFailed : m.postFailed, {
          description: isApiError(error) && error.isClientError ? error.message : undefined,
        });
      },
    ),
  );

  const controlProps = (name: (typeof fieldNames)[number]) => {
    const message = errors[name]?.message;
    return {
      id: `${id}-${name}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby':
        cn(message && `${id}-${name}-error`, name === 'content' && `${id}-content-hint`) || undefined,
    } as const;
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !save.isPending) && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl! overflow-y-auto p-5! sm:p-6!">
        <DialogTitle className="font-display tracking-wide">{post ? 'Editar post' : 'Novo post'}</DialogTitle>
        <DialogDescription>
          {post
            ? 'Corrija ou complete o seu post. Ele passa a mostrar que foi editado.'
            : 'Compartilhe uma dica, uma novidade ou peça ajuda à comunidade.'}
        </DialogDescription>

        <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-5">
          <Field htmlFor={`${id}-title`} label="Título" error={errors.title?.message}>
            <Input
              {...controlProps('title')}
              {...register('title')}
              maxLength={MAX_POST_TITLE}
              autoComplete="off"
              placeholder="Sobre o que você quer falar?"
            />
          </Field>

          <Field htmlFor={`${id}-category`} label="Categoria" error={errors.category?.message}>
            <Select
              {...controlProps('category')}
              {...register('category')}
              className="has-[option[value='']:checked]:text-subtle [&>option]:text-fg"
            >
              <option value="" disabled>
                Selecione a categoria
              </option>
              {communityCategories.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </Select>
          </Field>

          <Field
            htmlFor={`${id}-content`}
            label="Conteúdo"
            error={errors.content?.message}
            hint={
              <p id={`${id}-content-hint`} className="flex justify-between gap-3 text-xs text-subtle">
                <span>Quebras de linha são mantidas e links (https://...) ficam clicáveis.</span>
                <span aria-hidden className="shrink-0 tabular-nums">
                  {content.length}/{MAX_POST_CONTENT}
                </span>
              </p>
            }
          >
            <textarea
              {...controlProps('content')}
              {...register('content')}
              rows={8}
              maxLength={MAX_POST_CONTENT}
              placeholder="Escreva aqui o seu post..."
              className={cn(fieldClasses, 'h-auto! min-h-40 resize-y px-3.5 py-2.5')}
            />
          </Field>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={save.isPending} onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" busy={save.isPending}>
              {!save.isPending && <Send aria-hidden />}
              {save.isPending ? (post ? 'Salvando...' : 'Publicando...') : post ? 'Salvar' : 'Publicar'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
