import type { UserSettings, UserSettingsInput } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { Switch } from '@web/components/ui/switch';
import { askAlertPermission } from '@web/lib/browser-alerts';
import { toast } from '@web/lib/toast';
import { useUpdateSettings } from './api';

interface Item {
  key: string;
  label: string;
  description: string;
}

const notificationItems: (Item & { key: keyof UserSettings['notifications'] })[] = [
  {
    key: 'email',
    label: 'Notificações por e-mail',
    description: 'Ofertas, negociações e avisos da sua conta.',
  },
  {
    key: 'push',
    label: 'Notificações push',
    description: 'Alertas no navegador quando o site está aberto em outra aba.',
  },
  { key: 'sms', label: 'Notificações por SMS', description: 'Mensagens no seu celular.' },
  { key: 'marketing', label: 'E-mails de marketing', description: 'Novidades e promoções do Mercado Gamer.' },
];

const privacyItems: (Item & { key: keyof UserSettings['privacy'] })[] = [
  {
    key: 'profilePublic',
    label: 'Perfil público',
    description:
      'Quando desligado, sua página de vendedor mostra aos outros só o apelido, os selos e os anúncios: bio, nível, números, avaliações e atividade ficam ocultos.',
  },
  {
    key: 'showOnline',
    label: 'Mostrar status online',
    description: 'Outros usuários veem quando você está online.',
  },
  {
    key: 'showActivity',
    label: 'Mostrar atividade',
    description: 'Outros usuários veem sua atividade recente.',
  },
];

function SwitchRow({
  id,
  item,
  checked,
  onChange,
}: {
  id: string;
  item: Item;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {item.label}
        </label>
        <p id={`${id}-descricao`} className="text-xs text-muted">
          {item.description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-descricao`} />
    </li>
  );
}

/** Each switch saves at once ('Configurações salvas!'); a failure puts it back and says so. */
export function SettingsSwitches({
  settings,
  group,
}: {
  settings: UserSettings;
  group: 'notifications' | 'privacy';
}) {
  const update = useUpdateSettings();
  const save = (input: UserSettingsInput) =>
    update.mutate(input, {
      onSuccess: () => toast.success(m.settingsSaved),
      onError: (error) => toast.error(m.settingsSaveFailed, { description: error.message }),
    });

  return (
    <ul className="divide-y divide-line">
      {group === 'notifications'
        ? notificationItems.map((item) => (
            <SwitchRow
              key={item.key}
              id={`notificacao-${item.key}`}
              item={item}
              checked={settings.notifications[item.key]}
              onChange={(value) => {
                // Alerts need the browser's leave: asked when the switch is turned on, never saved without it.
                if (item.key === 'push' && value) {
                  void askAlertPermission().then((allowed) =>
                    allowed ? save({ notifications: { push: true } }) : toast.error(m.pushBlocked),
                  );
                } else save({ notifications: { [item.key]: value } });
              }}
            />
          ))
        : privacyItems.map((item) => (
            <SwitchRow
              key={item.key}
              id={`privacidade-${item.key}`}
              item={item}
              checked={settings.privacy[item.key]}
              onChange={(value) => save({ privacy: { [item.key]: value } })}
            />
          ))}
    </ul>
  );
}
