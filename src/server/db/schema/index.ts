// The database schema, one file per domain; `import … from '…/db/schema'` reads them all (and drizzle-kit too).

export * from './accounts';
export * from './audit';
export * from './auth';
export * from './banners';
export * from './community';
export * from './games';
export * from './groups';
export * from './ledger';
// Instant delivery (issue 37).
export * from './listing-codes';
export * from './listings';
export * from './notifications';
export * from './offers';
// Issue 36: the seller's payout identity.
export * from './payout-identities';
export * from './payout-reconciliation';
export * from './payouts';
export * from './pix-keys';
export * from './push';
export * from './reports';
export * from './reviews';
// Saved searches that alert (issue 38 part 3).
export * from './saved-searches';
export * from './seller-stats';
export * from './server-secrets';
export * from './status';
export * from './support';
export * from './trade-chat';
export * from './trade-recordings';
export * from './trades';
