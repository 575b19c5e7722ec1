import { settingsMessages as m } from '@shared/settings-messages';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useEndOtherSessions, useEndSession, useSessions } from './api';

const isMobile = (device: string) => /Android|iOS/.test(device);

/** 'Sessões ativas': every device signed in, this one first; end one, or all the others. */
export function SessionsList() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();

  return (
    <QueryState
      query={sessions}
      loading={<Skeleton className="h-24 w-full rounded-xl" />}
      errorTitle="Erro ao carregar sessões"
    >
      {(list) => {
        const others = list.filter((s) => !s.isCurrent).length;
        return (
          <div className="flex flex-col gap-3">
            <ul aria-label="Sessões ativas" className="flex flex-col gap-2">
              {list.map((session) => {
                const Icon = isMobile(session.device) ? Smartphone : Monitor;
                return (
                  <li
                    key={session.id}
                    className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3.5 sm:flex-row sm:items-center"
                  >
                    <div className="flex min-w-0 flex-1 items-start gap-3">
                      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                          {session.device}
                          {session.isCurrent && (
                            <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
                              Este dispositivo
                            </span>
                          )}
                        </p>
                        <p className="text-xs break-all text-muted">
                          IP {session.ipAddress || 'desconhecido'} · Última atividade{' '}
                          {formatDateTime(session.lastSeenAt)}
                        </p>
                      </div>
                    </div>
                    {!session.isCurrent && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="self-start sm:self-center"
                        busy={endOne.isPending && endOne.variables === session.id}
                        aria-label={`Encerrar sessão: ${session.device}, IP ${session.ipAddress || 'desconhecido'}`}
                        onClick={() =>
                          endOne.mutate(session.id, {
                            onSuccess: () => toast.success(m.sessionEnded),
                            onError: (error) => toast.error(error.message),
                          })
                        }
                      >
                        <LogOut aria-hidden />
                        Encerrar
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            {others > 0 && (
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                busy={endOthers.isPending}
                onClick={() =>
                  endOthers.mutate(undefined, {
                    onSuccess: () => toast.success(m.otherSessionsEnded),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                Encerrar todas as outras sessões
              </Button>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
