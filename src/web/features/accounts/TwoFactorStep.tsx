import type { Me } from '@shared/accounts';
import { twoFactorMessages as m } from '@shared/settings-messages';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTwoFactorLogin } from './mutations';

/**
 * The code step of /login and /admin/login, after the right password (or, on /login, Discord) of an account with
 * two-factor on: the app's six digits or one backup code. A code step that expired or ran out of tries sends the member back to
 * the password (`onRestart`, with the server's message).
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
  idPrefix = 'dois-fatores',
}: {
  onSignedIn: (user: Me) => void;
  onRestart: (message?: string) => void;
  idPrefix?: string;
}) {
  const verify = useTwoFactorLogin();
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(m.signInCodeRequired);
      return;
    }
    setError(undefined);
    verify.mutate(
      { code: value, trustDevice },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'INVALID_CREDENTIALS') {
            setError(failure.fields.code ?? failure.message);
            input.current?.select();
            return;
          }
          if (isApiError(failure) && failure.status === 401) {
            onRestart(failure.message);
            return;
          }
          setError(isApiError(failure) ? failure.message : m.failed);
        },
      },
    );
  };

  const id = `${idPrefix}-codigo`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-titulo`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${idPrefix}-titulo`} className="text-base font-semibold text-fg">
          {m.stepTitle}
        </h2>
        <p className="mt-1 text-sm text-muted">{m.stepHelp}</p>
      </div>
      <Field htmlFor={id} label={m.stepCodeLabel} error={error}>
        <Input
          ref={input}
          id={id}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className="font-mono tracking-widest"
          {...describedBy(id, Boolean(error))}
        />
      </Field>
      <label htmlFor={`${idPrefix}-confiar`} className="flex items-center gap-2.5 text-sm text-muted">
        <input
          id={`${idPrefix}-confiar`}
          type="checkbox"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
          className="size-4 accent-accent"
        />
        {m.trustDevice}
      </label>
      <Button type="submit" size="lg" className="mt-1 w-full" busy={verify.isPending || verify.isSuccess}>
        {m.stepSubmit}
      </Button>
      <Button type="button" variant="ghost" onClick={() => onRestart()} disabled={verify.isPending}>
        {m.stepBack}
      </Button>
    </form>
  );
}
