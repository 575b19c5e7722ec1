/** The staff queues' tabs (issue 13), mounted by the /admin shell; each reads its filters from the URL. */
export { FeedbackTab } from './FeedbackTab';
export { PartnershipsTab } from './PartnershipsTab';
export { ReportsTab } from './ReportsTab';
export { SupportTab } from './SupportTab';
export { TradesDeskTab } from './TradesDeskTab';
