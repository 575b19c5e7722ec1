import { accountMessages } from '@shared/account-messages';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { AuthDivider } from './AuthCard';
import { useProviders } from './api';
import { useDiscordSignIn } from './mutations';

function DiscordIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5! fill-[#5865F2]">
      <path d="M19.6 5.3A18 18 0 0 0 15.2 4l-.6 1.2a16.7 16.7 0 0 0-5.2 0L8.8 4a18 18 0 0 0-4.4 1.3C1.6 9.5.9 13.6 1.2 17.6a18.2 18.2 0 0 0 5.4 2.7l1.2-1.9c-.7-.2-1.3-.5-1.9-.9l.5-.4a12.9 12.9 0 0 0 11.2 0l.5.4c-.6.4-1.2.7-1.9.9l1.2 1.9a18.1 18.1 0 0 0 5.4-2.7c.4-4.7-.7-8.7-3.2-12.3ZM8.7 15.1c-1 0-1.9-1-1.9-2.2s.8-2.2 1.9-2.2 1.9 1 1.9 2.2-.8 2.2-1.9 2.2Zm6.6 0c-1 0-1.9-1-1.9-2.2s.8-2.2 1.9-2.2 1.9 1 1.9 2.2-.8 2.2-1.9 2.2Z" />
    </svg>
  );
}

/**
 * 'ou' and 'Entrar com Discord', only when the server has a Discord sign-in configured (nothing is shown
 * otherwise: a button nobody can use is no option). It asks the server for the provider's URL and goes there; the
 * callback comes back to `returnTo`.
 */
export function DiscordButton({ returnTo }: { returnTo: string | undefined }) {
  const providers = useProviders();
  const signIn = useDiscordSignIn(returnTo);

  if (providers.data?.discord !== true) return null;
  return (
    <>
      <AuthDivider />
      <Button
        variant="secondary"
        className="w-full"
        busy={signIn.isPending || signIn.isSuccess}
        onClick={() =>
          signIn.mutate(undefined, {
            onError: () =>
              toast.error(accountMessages.signInTitle, { description: accountMessages.discordFailed }),
          })
        }
      >
        {!(signIn.isPending || signIn.isSuccess) && <DiscordIcon />}
        Entrar com Discord
      </Button>
    </>
  );
}
