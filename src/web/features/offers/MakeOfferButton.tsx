import { Button, type ButtonSize, type ButtonVariant } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { useResolveMe } from '@web/features/accounts/api';
import { HandCoins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAskToLogIn } from './ask-to-log-in';

// The form (react-hook-form and the offer's zod schema) loads when the dialog opens, not with the listing page.
const OfferDialogContent = lazy(() => import('./OfferDialog'));

export interface MakeOfferButtonProps {
  listing: { id: number; title: string; priceCents: number };
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Icon only (the mobile buy bar): the label becomes the button's accessible name. */
  iconOnly?: boolean;
  className?: string;
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
}: MakeOfferButtonProps) {
  const resolveMe = useResolveMe();
  const [open, setOpen] = useState(false);
  const askToLogIn = useAskToLogIn();

  return (
    <>
      <Button
        variant={variant}
        size={iconOnly ? 'icon' : size}
        className={className}
        aria-label={iconOnly ? 'Fazer oferta' : undefined}
        aria-haspopup="dialog"
        onClick={async () => ((await resolveMe()) === null ? askToLogIn() : setOpen(true))}
      >
        <HandCoins aria-hidden />
        {!iconOnly && 'Fazer oferta'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <Suspense>
            <OfferDialogContent listing={listing} onDone={() => setOpen(false)} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
