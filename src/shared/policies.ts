/**
 * The platform's commitments and thresholds that the static pages state (part 2 §9). One place, so a page
 * never repeats a figure by hand. They are commitments of the team, not rules any code enforces.
 */

/** Minimum age to hold an account (Terms of Use). */
export const MIN_AGE = 18;

/** Staff review a report within this many business hours. */
export const REPORT_REVIEW_BUSINESS_HOURS = 48;

/** A security report is investigated within this many hours (Security Center). */
export const SECURITY_INVESTIGATION_HOURS = 1;

/** The highest bug-bounty reward, in cents: R$ 5.000,00. */
export const BUG_BOUNTY_MAX_CENTS = 500_000;

/** A good seller answers buyers within this many hours (Marketplace Guide). */
export const SELLER_REPLY_HOURS = 2;

/** The average rating from which a seller counts as trusted (Marketplace Guide), on the 1-to-5 scale. */
export const TRUSTED_SELLER_MIN_RATING = 4.5;

/** The date the policy pages were last changed: bump it with any change of their text. */
export const POLICIES_UPDATED_AT = '2026-11-23';
