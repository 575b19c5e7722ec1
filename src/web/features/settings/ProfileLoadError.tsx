import { settingsMessages as m } from '@shared/settings-messages';
import { LoadError } from '@web/components/ui/load-error';
import type { useMyProfile } from './api';

/** Part 1 §8: 'Erro ao carregar perfil' / 'Não foi possível carregar as informações do perfil'. */
export function ProfileLoadError({ profile }: { profile: ReturnType<typeof useMyProfile> }) {
  return (
    <LoadError
      title={m.profileLoadFailedTitle}
      message={m.profileLoadFailed}
      onRetry={() => void profile.refetch()}
      retrying={profile.isFetching}
    />
  );
}
