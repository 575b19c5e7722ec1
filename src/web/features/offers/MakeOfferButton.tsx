import { resumeActions } from '@shared/return-path';
import { Button, type ButtonSize, type ButtonVariant } from '@web/components/ui/button';
import { useResolveMe } from '@web/features/accounts/api';
import { useResumeAction } from '@web/features/accounts/return-path';
import { deferred, useDeferredDialog } from '@web/lib/deferred';
import { HandCoins } from 'lucide-react';
import { useAskToLogIn } from './ask-to-log-in';

// The dialog (Radix, react-hook-form and the offer's zod schema) loads when it first opens, not with the page.
const offerDialog = deferred(() => import('./OfferDialog'));

export interface MakeOfferButtonProps {
  listing: { id: number; title: string; priceCents: number };
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Icon only (the mobile buy bar): the label becomes the button's accessible name. */
  iconOnly?: boolean;
  className?: string;
  /** Opens the dialog by itself when a sign-in came back here to offer ('?acao=ofertar'): the buy box's button. */
  resume?: boolean;
}

/**
 * 'Fazer oferta' (part 1 §2, §5, §8) and its dialog. The listing page shows it to signed-in members who are not
 * the seller; a visitor whose session ended meanwhile is asked to log in, as the server answers.
 */
export function MakeOfferButton({
  listing,
  variant = 'secondary',
  size = 'lg',
  iconOnly = false,
  className,
  resume = false,
}: MakeOfferButtonProps) {
  const resolveMe = useResolveMe();
  const dialog = useDeferredDialog(offerDialog);
  useResumeAction(resumeActions.offer, dialog.show, resume);
  const askToLogIn = useAskToLogIn();

  return (
    <>
      <Button
        variant={variant}
        size={iconOnly ? 'icon' : size}
        className={className}
        aria-label={iconOnly ? 'Fazer oferta' : undefined}
        pending={dialog.loading}
        {...dialog.triggerProps}
        onClick={async () => ((await resolveMe()) === null ? askToLogIn() : dialog.show())}
      >
        {!dialog.loading && <HandCoins aria-hidden />}
        {!iconOnly && 'Fazer oferta'}
      </Button>
      {dialog.Dialog && <dialog.Dialog listing={listing} open={dialog.open} onOpenChange={dialog.setOpen} />}
    </>
  );
}
