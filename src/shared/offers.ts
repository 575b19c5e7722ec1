import { z } from 'zod';
import { id } from './api';
import { MAX_PRICE_CENTS, parsePriceCents } from './money';
import { MAX_OFFER_MESSAGE, offerStatuses } from './offer-constants';
import { offerMessages as m } from './offer-messages';

export { MAX_OFFER_MESSAGE, type OfferStatus, offerStatuses, offerStatusLabels } from './offer-constants';

/** Part 1 §5: reais with comma or dot, above zero; the message optional, trimmed, null when empty. */
export const makeOfferInput = z.object({
  amount: z
    .string({ error: m.invalidAmount })
    .trim()
    .transform((text, ctx) => {
      const cents = parsePriceCents(text);
      if (!Number.isFinite(cents) || cents <= 0 || cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: 'custom', message: m.invalidAmount });
        return z.NEVER;
      }
      return cents;
    }),
  message: z
    .string()
    .trim()
    .max(MAX_OFFER_MESSAGE, m.messageTooLong)
    .transform((v) => v || null)
    .nullish(),
});
export type MakeOfferInput = z.input<typeof makeOfferInput>;

const person = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() });

/** An offer as the listing's seller sees it on the listing page (part 1 §7: the latest 10). */
export const listingOffer = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  message: z.string().nullable(),
  status: z.enum(offerStatuses),
  createdAt: z.string(),
  buyer: person,
});
export type ListingOffer = z.infer<typeof listingOffer>;
export const listingOffers = z.object({ offers: z.array(listingOffer) });
/** The listing page shows the seller the latest offers, up to this many (part 1 §7). */
export const MAX_LISTING_OFFERS = 10;

/** An offer on /minhas-ofertas, sent or received. */
export const myOffer = listingOffer.extend({
  listing: z.object({ id: z.number().int(), title: z.string(), priceCents: z.number().int() }),
  seller: person,
  /** The trade its acceptance opened. */
  tradeId: z.number().int().nullable(),
  /** A pending offer on a listing whose whole stock is reserved by trades (part of issue 10). */
  stockReserved: z.boolean(),
});
export type MyOffer = z.infer<typeof myOffer>;

export const offerBoxes = ['received', 'sent'] as const;
export type OfferBox = (typeof offerBoxes)[number];
export const myOffersQuery = z.object({ box: z.enum(offerBoxes).default('received') });
/** /minhas-ofertas shows the newest offers of a box, up to this many. */
export const MAX_MY_OFFERS = 50;
export const myOffers = z.object({ offers: z.array(myOffer) });
export type MyOffers = z.infer<typeof myOffers>;

export const offerParams = z.object({ id });
export const acceptedOffer = z.object({ tradeId: z.number().int() });
export type AcceptedOffer = z.infer<typeof acceptedOffer>;
export type ListingOffers = z.infer<typeof listingOffers>;
