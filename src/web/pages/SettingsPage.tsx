import { settingsMessages as m, twoFactorMessages } from '@shared/settings-messages';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { PushPanel } from '@web/features/push/PushPanel';
import { useMyProfile, useUserSettings } from '@web/features/settings/api';
import { ChangePasswordForm } from '@web/features/settings/ChangePasswordForm';
import { DataPanel } from '@web/features/settings/DataPanel';
import { LoginHistoryList } from '@web/features/settings/LoginHistoryList';
import { ProfileForm } from '@web/features/settings/ProfileForm';
import { ProfileLoadError } from '@web/features/settings/ProfileLoadError';
import { SessionsList } from '@web/features/settings/SessionsList';
import { SettingsSection } from '@web/features/settings/SettingsSection';
import { SettingsSwitches } from '@web/features/settings/SettingsSwitches';
import { TwoFactorPanel } from '@web/features/settings/TwoFactorPanel';
import { cn } from '@web/lib/cn';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import {
  Bell,
  Database,
  Eye,
  History,
  KeyRound,
  MonitorSmartphone,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The privacy-and-data part of the page, where '/meus-dados' opens it. */
const DATA_SECTION = 'privacidade';

/**
 * '/configuracoes' and '/meus-dados' (part 2 §2): one page. '/meus-dados' is titled 'Meus Dados' and opens at the
 * privacy and LGPD sections, so both links of the menu and footer land on real, persisted settings.
 */
export default function SettingsPage() {
  const me = useSignedIn();
  const { pathname } = useLocation();
  const isDataPage = pathname === '/meus-dados';
  const profile = useMyProfile();
  const settings = useUserSettings();

  const ready = Boolean(me.data) && !settings.isPending;
  useEffect(() => {
    if (isDataPage && ready) document.getElementById(DATA_SECTION)?.scrollIntoView({ block: 'start' });
  }, [isDataPage, ready]);

  if (!me.data) return <PageFallback />;
  const title = isDataPage ? 'Meus Dados' : 'Configurações';

  const switches = (group: 'notifications' | 'privacy') =>
    settings.isPending ? (
      <Skeleton className="h-40 w-full rounded-xl" />
    ) : settings.isError ? (
      <LoadError
        title="Erro ao carregar configurações"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    ) : (
      <SettingsSwitches settings={settings.data} group={group} />
    );

  return (
    <div className={cn(accountPageClass, 'gap-6')}>
      <title>{`${title} | Mercado Gamer`}</title>
      <header>
        <p className="text-xs font-semibold uppercase tracking-widest text-accent">Minha conta</p>
        <h1 className="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-muted">
          {isDataPage
            ? 'Sua privacidade, uma cópia dos seus dados e um resumo da sua atividade (LGPD).'
            : 'Perfil, notificações, privacidade, segurança e seus dados.'}
        </p>
      </header>

      <SettingsSection id="perfil" icon={UserRound} title="Perfil">
        {profile.isPending ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : profile.isError ? (
          <ProfileLoadError profile={profile} />
        ) : (
          <ProfileForm
            profile={profile.data}
            idPrefix="config"
            phoneLabel="WhatsApp"
            saved={{ title: m.settingsSaved }}
          />
        )}
      </SettingsSection>

      <SettingsSection
        id="notificacoes"
        icon={Bell}
        title="Notificações"
        description="Escolha como quer ser avisado."
      >
        {switches('notifications')}
        {/* Web Push (issue 38): this device, the devices, and the per-event switches. */}
        <PushPanel />
      </SettingsSection>

      <SettingsSection
        id={DATA_SECTION}
        icon={Eye}
        title="Privacidade"
        description="Controle o que outros usuários veem sobre você."
      >
        {switches('privacy')}
      </SettingsSection>

      <SettingsSection id="meus-dados" icon={Database} title="Meus dados (LGPD)">
        <DataPanel />
      </SettingsSection>

      <SettingsSection id="senha" icon={KeyRound} title="Alterar senha">
        <ChangePasswordForm idPrefix="config-senha" />
      </SettingsSection>

      <SettingsSection id="duas-etapas" icon={ShieldCheck} title={twoFactorMessages.title}>
        <TwoFactorPanel />
      </SettingsSection>

      <SettingsSection
        id="sessoes"
        icon={MonitorSmartphone}
        title="Sessões ativas"
        description="Dispositivos conectados à sua conta. Encerre os que você não reconhece."
      >
        <SessionsList />
      </SettingsSection>

      <SettingsSection id="historico-login" icon={History} title="Histórico de login">
        <LoginHistoryList />
      </SettingsSection>
    </div>
  );
}
