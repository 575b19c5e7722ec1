// The payouts module (issue 36, decision 028): what other modules and the jobs use.
export type { PayoutOrder, PayoutProvider, PayoutReading, PayoutSent } from './provider';
export { PayoutUnavailable } from './provider';
export { type PayoutRecorded, recordPayoutResult } from './record';
