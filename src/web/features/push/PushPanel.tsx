import { type PushEvent, pushEventLabels, pushEvents } from '@shared/push';
import { settingsMessages } from '@shared/settings-messages';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { BellOff, BellRing, Monitor, Share, Smartphone, SquarePlus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  fetchPushKey,
  usePushDevices,
  usePushSwitches,
  useRemoveDevice,
  useSaveSubscription,
  useUpdatePushSwitches,
} from './api';
import { currentSubscription, PushPermissionRefused, pushSupport, subscribeThisBrowser } from './browser';

const isMobile = (device: string) => /Android|iOS/.test(device);

/** A note in the panel's voice: what stands in the way, and the way past it. */
function Note({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof BellOff;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-line bg-surface-2 p-3.5">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-fg">{title}</p>
        <p className="mt-0.5 text-muted">{children}</p>
      </div>
    </div>
  );
}

/**
 * 'Notificações no celular' (issue 38), in the Notificações section: turn Web Push on for this device (the browser
 * asks its permission only after the tap), the devices that have it with 'Remover', and which events reach them,
 * beside the e-mail switch. Each state a browser can be in has its own words: unsupported, blocked, an iPhone's
 * Safari tab (Home Screen first).
 */
export function PushPanel() {
  const [support, setSupport] = useState(pushSupport);
  const [here, setHere] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const save = useSaveSubscription();

  useEffect(() => {
    if (support !== 'ready') return;
    void currentSubscription()
      .then((sub) => setHere(sub !== null))
      .catch(() => setHere(false));
  }, [support]);

  async function enable() {
    setAsking(true);
    try {
      const input = await subscribeThisBrowser(await fetchPushKey());
      await save.mutateAsync(input);
      setHere(true);
      toast.success('Notificações ativadas neste dispositivo.');
    } catch (error) {
      if (error instanceof PushPermissionRefused) {
        setSupport(pushSupport());
        if (Notification.permission === 'default') toast.info('Tudo bem: ative quando quiser, aqui mesmo.');
      } else {
        toast.error('Não foi possível ativar as notificações', {
          description: error instanceof Error ? error.message : undefined,
        });
      }
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="mt-5 flex flex-col gap-4 border-t border-line pt-5">
      <div>
        <h3 id="celular-titulo" className="text-sm font-semibold text-fg">
          Notificações no celular
        </h3>
        <p className="text-xs text-muted">
          Pagamentos, ofertas, mensagens e disputas na tela do celular, mesmo com o site fechado.
        </p>
      </div>

      {support === 'ios-install' ? (
        <Note icon={Smartphone} title="No iPhone, instale o app primeiro">
          O iOS entrega notificações só ao app da Tela de Início (iOS 16.4 ou mais novo). No Safari, toque em{' '}
          <Share aria-hidden className="inline size-4 align-[-0.2em] text-accent" />{' '}
          <strong className="font-semibold text-fg">Compartilhar</strong> →{' '}
          <SquarePlus aria-hidden className="inline size-4 align-[-0.2em] text-accent" />{' '}
          <strong className="font-semibold text-fg">Adicionar à Tela de Início</strong>, abra o Mercado Gamer
          pelo ícone e ative aqui.
        </Note>
      ) : support === 'unsupported' ? (
        <Note icon={BellOff} title="Este navegador não recebe notificações">
          Use o Chrome, Edge, Firefox ou Samsung Internet no Android ou no computador, ou o app da Tela de
          Início no iPhone.
        </Note>
      ) : support === 'denied' ? (
        <Note icon={BellOff} title="As notificações estão bloqueadas para este site">
          Para reativar: toque no cadeado (ou em ⓘ) ao lado do endereço → Permissões →{' '}
          <strong className="font-semibold text-fg">Notificações: Permitir</strong>. No app instalado: Ajustes
          do celular → Apps → Mercado Gamer → Notificações. Depois recarregue esta página.
        </Note>
      ) : here ? (
        <Note icon={BellRing} title="Ativadas neste dispositivo">
          Escolha abaixo quais avisos chegam ao celular.
        </Note>
      ) : (
        <Button className="self-start" busy={asking} disabled={here === null} onClick={() => void enable()}>
          <BellRing aria-hidden />
          Ativar notificações no celular
        </Button>
      )}

      <DeviceList onRemoved={() => void currentSubscription().then((sub) => setHere(sub !== null))} />
      <EventSwitches />
    </div>
  );
}

/** The member's devices with Web Push, newest first, each with 'Remover'. */
function DeviceList({ onRemoved }: { onRemoved: () => void }) {
  const devices = usePushDevices();
  const remove = useRemoveDevice();
  return (
    <QueryState
      query={devices}
      loading={<Skeleton className="h-16 w-full rounded-xl" />}
      errorTitle="Erro ao carregar os dispositivos"
    >
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted">Nenhum dispositivo recebe notificações ainda.</p>
        ) : (
          <ul aria-label="Dispositivos com notificações" className="flex flex-col gap-2">
            {list.map((device) => {
              const Icon = isMobile(device.device) ? Smartphone : Monitor;
              return (
                <li
                  key={device.id}
                  className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 p-3.5"
                >
                  <Icon aria-hidden className="size-5 shrink-0 text-muted" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-fg">{device.device}</p>
                    <p className="text-xs text-muted">
                      Ativado em {formatDateTime(device.createdAt)}
                      {device.lastUsedAt && ` · Última notificação ${formatDateTime(device.lastUsedAt)}`}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    busy={remove.isPending && remove.variables === device.id}
                    aria-label={`Remover ${device.device}`}
                    onClick={() =>
                      remove.mutate(device.id, {
                        onSuccess: () => {
                          toast.success('Dispositivo removido.');
                          onRemoved();
                        },
                        onError: (error) => toast.error(error.message),
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                    Remover
                  </Button>
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryState>
  );
}

/** One switch per event, saved at once like the e-mail switch beside them. */
function EventSwitches() {
  const switches = usePushSwitches();
  const update = useUpdatePushSwitches();
  return (
    <QueryState
      query={switches}
      loading={<Skeleton className="h-40 w-full rounded-xl" />}
      errorTitle="Erro ao carregar os avisos do celular"
    >
      {(on) => (
        <fieldset>
          <legend className="text-sm font-medium text-fg">Avisar no celular quando houver:</legend>
          <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
            {pushEvents.map((event: PushEvent) => (
              <li key={event} className="flex items-center justify-between gap-4 border-b border-line py-2.5">
                <label htmlFor={`celular-${event}`} className="text-sm text-fg">
                  {pushEventLabels[event]}
                </label>
                <Switch
                  id={`celular-${event}`}
                  checked={on[event]}
                  onCheckedChange={(value) =>
                    update.mutate(
                      { [event]: value },
                      {
                        onSuccess: () => toast.success(settingsMessages.settingsSaved),
                        onError: (error) =>
                          toast.error(settingsMessages.settingsSaveFailed, { description: error.message }),
                      },
                    )
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </QueryState>
  );
}
