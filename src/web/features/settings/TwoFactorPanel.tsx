import { twoFactorMessages as m } from '@shared/settings-messages';
import { TOTP_CODE, type TwoFactorSetup } from '@shared/two-factor';
import { PasswordInput } from '@web/components/PasswordInput';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateBackupCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './api';

const messageOf = (error: unknown, field: string) =>
  isApiError(error) ? (error.fields[field] ?? error.message) : m.failed;

/** The password form every action of the section starts with. */
function PasswordStep({
  busy,
  error,
  submitLabel,
  danger = false,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  error: string | undefined;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
      <Field htmlFor={id} label={m.passwordLabel} error={error}>
        <PasswordInput
          id={id}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...describedBy(id, Boolean(error))}
        />
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          {m.cancel}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy} disabled={!password}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The backup codes, two columns of monospace text the member can copy or print. */
function BackupCodes({ codes, labelledBy }: { codes: string[]; labelledBy: string }) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border border-line bg-surface p-3 font-mono text-sm text-fg"
    >
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}

function QrImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 2, width: 360, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt={m.qrAlt} width={180} height={180} className="shrink-0 rounded-lg bg-white" />
  ) : (
    <Skeleton className="size-[180px] shrink-0 rounded-lg" />
  );
}

/** Scan, keep the backup codes, confirm with the first code. */
function SetupStep({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const id = useId();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!TOTP_CODE.test(digits)) {
      setError(m.codeFormat);
      return;
    }
    setError(undefined);
    confirm.mutate(digits, {
      onSuccess: () => {
        toast.success(m.enabled);
        onDone();
      },
      onError: (failure) => setError(messageOf(failure, 'code')),
    });
  };
  return (
    <div className="mt-5 flex flex-col gap-5">
      <section aria-labelledby={`${id}-scan`} className="flex flex-col gap-2">
        <h3 id={`${id}-scan`} className="text-sm font-semibold text-fg">
          {m.scanTitle}
        </h3>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <QrImage uri={setup.totpUri} />
          <div className="flex min-w-0 flex-col gap-2 self-stretch">
            <p className="text-sm text-muted">{m.scanHelp}</p>
            <p className="text-sm text-muted">{m.secretLabel}</p>
            <code
              data-testid="two-factor-secret"
              className="break-all rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm text-fg select-all"
            >
              {setup.secret}
            </code>
          </div>
        </div>
      </section>
      <section aria-labelledby={`${id}-backup`} className="flex flex-col gap-2">
        <h3 id={`${id}-backup`} className="text-sm font-semibold text-fg">
          {m.backupTitle}
        </h3>
        <p className="text-sm text-muted">{m.backupHelp}</p>
        <BackupCodes codes={setup.backupCodes} labelledBy={`${id}-backup`} />
      </section>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-confirm`} className="flex flex-col gap-3">
        <h3 id={`${id}-confirm`} className="text-sm font-semibold text-fg">
          {m.confirmTitle}
        </h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field htmlFor={`${id}-code`} label={m.codeLabel} error={error} className="flex-1">
            <Input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className="font-mono tracking-widest"
              {...describedBy(`${id}-code`, Boolean(error))}
            />
          </Field>
          <Button type="submit" busy={confirm.isPending} className="sm:mt-7">
            {m.confirm}
          </Button>
        </div>
      </form>
    </div>
  );
}

type Action = 'enable' | 'disable' | 'regenerate' | null;

/**
 * 'Verificação em duas etapas' in the security part of /configuracoes: turn it on (password, QR code and secret,
 * backup codes, first code), and once on turn it off or get new backup codes (password each time).
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [action, setAction] = useState<Action>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string>();
  const codesTitle = useId();

  const close = () => {
    setAction(null);
    setSetup(null);
    setNewCodes(null);
    setError(undefined);
    start.reset();
    regenerate.reset();
    disable.reset();
  };

  if (status.isPending) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (status.isError) {
    return (
      <LoadError
        title={m.title}
        message={status.error.message}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  const enabled = status.data.enabled;

  const onPassword = (password: string) => {
    setError(undefined);
    const onError = (failure: unknown) => setError(messageOf(failure, 'password'));
    if (action === 'enable') start.mutate(password, { onSuccess: setSetup, onError });
    if (action === 'disable') {
      disable.mutate(password, {
        onSuccess: () => {
          toast.success(m.disabled);
          close();
        },
        onError,
      });
    }
    if (action === 'regenerate') {
      regenerate.mutate(password, {
        onSuccess: (body) => {
          setNewCodes(body.backupCodes);
          toast.success(m.newBackupCodes);
        },
        onError,
      });
    }
  };

  const dialogTitle =
    action === 'disable'
      ? `${m.disable} ${m.title.toLowerCase()}`
      : action === 'regenerate'
        ? m.regenerate
        : m.enable;
  const busy = start.isPending || disable.isPending || regenerate.isPending;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        {enabled ? (
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
        ) : (
          <ShieldOff aria-hidden className="mt-0.5 size-5 shrink-0 text-subtle" />
        )}
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">{enabled ? m.statusOn : m.statusOff}</p>
          <p className="text-sm text-muted">{enabled ? m.onDescription : m.offDescription}</p>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {enabled ? (
          <>
            <Button variant="secondary" onClick={() => setAction('regenerate')}>
              {m.regenerate}
            </Button>
            <Button variant="secondary" onClick={() => setAction('disable')}>
              {m.disable}
            </Button>
          </>
        ) : (
          <Button onClick={() => setAction('enable')}>{m.enable}</Button>
        )}
      </div>

      <Dialog open={action !== null} onOpenChange={(open) => !open && !busy && close()}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
          <DialogTitle>{dialogTitle}</DialogTitle>
          {setup ? (
            <>
              <DialogDescription>{m.setupIntro}</DialogDescription>
              <SetupStep setup={setup} onDone={close} />
            </>
          ) : newCodes ? (
            <>
              <DialogDescription>{m.newBackupCodesHelp}</DialogDescription>
              <h3 id={codesTitle} className="sr-only">
                {m.regenerate}
              </h3>
              <div className="mt-5">
                <BackupCodes codes={newCodes} labelledBy={codesTitle} />
              </div>
              <div className="mt-5 flex justify-end">
                <Button variant="secondary" onClick={close}>
                  {m.close}
                </Button>
              </div>
            </>
          ) : (
            <>
              <DialogDescription>{m.passwordPrompt}</DialogDescription>
              <PasswordStep
                busy={busy}
                error={error}
                submitLabel={action === 'disable' ? m.disable : m.continue}
                danger={action === 'disable'}
                onSubmit={onPassword}
                onCancel={close}
              />
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
