import { paths } from '@shared/paths';
import { settingsMessages as m } from '@shared/settings-messages';
import { UserAvatar } from '@web/components/ui/avatar';
import { ButtonLink } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { MyListingsList } from '@web/features/listings/mine/MyListingsList';
import { MyReputationCard } from '@web/features/reputation/MyReputationCard';
import { AvatarUpload } from '@web/features/settings/AvatarUpload';
import { useMyProfile } from '@web/features/settings/api';
import { ChangePasswordForm } from '@web/features/settings/ChangePasswordForm';
import { ProfileForm } from '@web/features/settings/ProfileForm';
import { ProfileLoadError } from '@web/features/settings/ProfileLoadError';
import { SettingsSection } from '@web/features/settings/SettingsSection';
import { cn } from '@web/lib/cn';
import { formatMonthYear } from '@web/lib/format';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { CalendarDays, KeyRound, Mail, Settings, ShieldCheck, UserRound } from 'lucide-react';

/** '/perfil' and '/profile': who the user is, their personal info, avatar and password, and their listings. */
export default function ProfilePage() {
  const me = useSignedIn();
  const profile = useMyProfile();
  if (!me.data) return <PageFallback />;
  const user = me.data;
  const since = formatMonthYear(user.memberSince);

  return (
    <div className={cn(accountPageClass, 'gap-8')}>
      <title>Meu Perfil | Mercado Gamer</title>

      <section
        aria-labelledby="perfil-titulo"
        className="relative isolate overflow-hidden rounded-2xl border border-line bg-surface p-5 sm:p-8"
      >
        <div
          aria-hidden
          className="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-accent/10 blur-[90px]"
        />
        <p className="text-xs font-semibold uppercase tracking-widest text-accent">Meu Perfil</p>
        <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-center">
          <UserAvatar name={user.nickname} src={user.avatarUrl} size="xl" />
          <div className="min-w-0 flex-1">
            <h1
              id="perfil-titulo"
              className="flex flex-wrap items-center gap-3 font-display text-2xl font-bold tracking-wide break-all text-fg sm:text-3xl"
            >
              {user.nickname}
              {user.role && (
                <span className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 font-sans text-xs font-semibold uppercase tracking-wide text-accent">
                  <ShieldCheck aria-hidden className="size-3.5" />
                  Equipe
                </span>
              )}
            </h1>
            <dl className="mt-3 flex flex-col gap-2 text-sm text-muted sm:flex-row sm:flex-wrap sm:gap-x-6">
              <div className="flex min-w-0 items-center gap-2">
                <dt>
                  <Mail aria-hidden className="size-4 text-subtle" />
                  <span className="sr-only">E-mail</span>
                </dt>
                <dd className="truncate">{user.email}</dd>
              </div>
              {since && (
                <div className="flex items-center gap-2">
                  <dt>
                    <CalendarDays aria-hidden className="size-4 text-subtle" />
                    <span className="sr-only">Membro desde</span>
                  </dt>
                  <dd>Membro desde {since}</dd>
                </div>
              )}
            </dl>
          </div>
          <ButtonLink to={paths.settings} variant="secondary" size="sm" className="self-start sm:self-center">
            <Settings aria-hidden />
            Configurações
          </ButtonLink>
        </div>
      </section>

      <MyReputationCard username={user.nickname} />

      <SettingsSection
        id="informacoes-pessoais"
        icon={UserRound}
        title="Informações Pessoais"
        description="Seu nome de usuário e sua foto aparecem nos seus anúncios, ofertas e posts."
      >
        {profile.isPending ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : profile.isError ? (
          <ProfileLoadError profile={profile} />
        ) : (
          <div className="flex flex-col gap-6">
            <AvatarUpload profile={profile.data} />
            <ProfileForm
              profile={profile.data}
              idPrefix="perfil"
              saved={{ title: m.successTitle, description: m.profileUpdated }}
            />
          </div>
        )}
      </SettingsSection>

      <SettingsSection id="alterar-senha" icon={KeyRound} title="Alterar Senha">
        <ChangePasswordForm idPrefix="perfil-senha" />
      </SettingsSection>

      <MyListingsList />
    </div>
  );
}
