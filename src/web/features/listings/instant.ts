import { instantListingKinds } from '@shared/listing-codes';
import type { ListingKind } from '@shared/listings';

/**
 * 'Entrega automática' (issue 37): a listing whose stock is a vault of sealed codes, each paid trade receiving one
 * seconds after the payment's confirmation. Only the kinds a code can be: items (game keys, gift cards), coins and
 * top-ups (PINs), and ready accounts. Skins and rare items are handed over in the game.
 */
export const instantDeliveryKinds: readonly ListingKind[] = instantListingKinds;

export const takesInstantDelivery = (kind: ListingKind | string | undefined): boolean =>
  instantDeliveryKinds.includes(kind as ListingKind);

/** The switch's one line on the listing form. */
export const INSTANT_DELIVERY_HINT =
  'Você cadastra os códigos (chaves, gift cards, PINs) e cada compra paga recebe um deles na hora, sozinha.';

/** What a buyer reads on an instant listing. */
export const INSTANT_DELIVERY_PROMISE = 'Entrega em segundos após o pagamento';

/** Whether a listing answer says it delivers itself (the field is absent on answers from before issue 37). */
export function instantDeliveryOf(listing: object): boolean {
  return 'instantDelivery' in listing && listing.instantDelivery === true;
}
