import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_BIO_LENGTH, type MyProfile, type ProfileInput, profileInput } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateProfile } from './api';

const fieldNames = ['username', 'fullName', 'phone', 'bio'] as const;

interface FormValues {
  username: string;
  fullName: string;
  phone: string;
  bio: string;
}

/**
 * Username, e-mail (read-only), full name, phone (WhatsApp on /configuracoes) and bio. `saved` is the toast of
 * the page: 'Sucesso!' with the profile message on /perfil, 'Configurações salvas!' on /configuracoes.
 */
export function ProfileForm({
  profile,
  idPrefix,
  phoneLabel = 'Telefone',
  saved,
}: {
  profile: MyProfile;
  idPrefix: string;
  phoneLabel?: string;
  saved: { title: string; description?: string };
}) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof profileInput>>({
    resolver: zodResolver(profileInput) as never,
    values: {
      username: profile.username,
      fullName: profile.fullName ?? '',
      phone: profile.phone ?? '',
      bio: profile.bio ?? '',
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(values satisfies ProfileInput, {
      onSuccess: () =>
        toast.success(saved.title, saved.description ? { description: saved.description } : {}),
      onError: (error) => {
        toast.error(m.profileUpdateFailedTitle, { description: error.message || m.profileUpdateFailed });
        applyServerFieldErrors<FormValues>(error, fieldNames, setError);
      },
    });
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field htmlFor={id('username')} label="Nome de usuário" error={errors.username?.message}>
        <Input
          id={id('username')}
          autoComplete="nickname"
          {...register('username')}
          {...describedBy(id('username'), Boolean(errors.username))}
        />
      </Field>
      <Field
        htmlFor={id('email')}
        label="E-mail"
        hint={<p className="text-xs text-subtle">O e-mail não pode ser alterado.</p>}
      >
        <Input
          id={id('email')}
          type="email"
          value={profile.email}
          readOnly
          aria-readonly
          className="text-muted"
        />
      </Field>
      <Field htmlFor={id('fullName')} label="Nome completo" error={errors.fullName?.message}>
        <Input
          id={id('fullName')}
          autoComplete="name"
          {...register('fullName')}
          {...describedBy(id('fullName'), Boolean(errors.fullName))}
        />
      </Field>
      <Field htmlFor={id('phone')} label={phoneLabel} error={errors.phone?.message}>
        <Input
          id={id('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(11) 98765-4321"
          {...register('phone')}
          {...describedBy(id('phone'), Boolean(errors.phone))}
        />
      </Field>
      <Field htmlFor={id('bio')} label="Bio" error={errors.bio?.message} className="sm:col-span-2">
        <textarea
          id={id('bio')}
          rows={4}
          maxLength={MAX_BIO_LENGTH}
          placeholder="Conte um pouco sobre você e os jogos que joga"
          className={cn(fieldClasses, 'h-auto resize-y px-3.5 py-2.5')}
          {...register('bio')}
          {...describedBy(id('bio'), Boolean(errors.bio))}
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar alterações'}
        </Button>
      </div>
    </form>
  );
}
