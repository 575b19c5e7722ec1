import { resumeActions } from '@shared/return-path';
import { Button, type ButtonSize } from '@web/components/ui/button';
import { useResumeAction } from '@web/features/accounts/return-path';
import { deferred, useDeferredDialog } from '@web/lib/deferred';
import { ShoppingCart } from 'lucide-react';
import type { BuyNow } from './buy-now';

const choice = deferred(() => import('./BuyChoiceDialog'));

/**
 * 'Comprar agora': opens the choice between the protected purchase and the seller's WhatsApp. The dialog's code
 * loads on the first press (the button shows a spinner meanwhile); closing it gives focus back to this button.
 */
export function BuyNowButton({
  buyNow,
  priceCents,
  size = 'lg',
  className,
  resume = false,
}: {
  buyNow: BuyNow;
  priceCents: number;
  size?: ButtonSize;
  className?: string;
  /** Opens the choice by itself when a sign-in came back here to buy ('?acao=comprar'): the buy box's button. */
  resume?: boolean;
}) {
  const dialog = useDeferredDialog(choice);
  useResumeAction(resumeActions.buy, dialog.show, resume);
  return (
    <>
      <Button
        size={size}
        className={className}
        busy={buyNow.contactBusy}
        pending={dialog.loading}
        {...dialog.triggerProps}
      >
        {!buyNow.contactBusy && !dialog.loading && <ShoppingCart aria-hidden />}
        Comprar agora
      </Button>
      {dialog.Dialog && (
        <dialog.Dialog
          buyNow={buyNow}
          priceCents={priceCents}
          open={dialog.open}
          onOpenChange={dialog.setOpen}
        />
      )}
    </>
  );
}
