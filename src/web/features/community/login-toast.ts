import { toast } from '@web/lib/toast';

/** A 'log in first' toast with a way to the login page. */
export function askToLogIn(message: string, goToLogin: () => void): void {
  toast.error(message, { action: { label: 'Entrar', onClick: goToLogin } });
}
