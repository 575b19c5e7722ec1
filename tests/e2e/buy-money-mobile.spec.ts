import { offerJourney, sellerMoneyJourney } from './support/buy-money';
import { test } from './support/fixtures';

test('at 390px the buyer reads what they pay, is warned of a low offer, and an accepted offer opens at the PIX step', async ({
  page,
  context,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  await offerJourney({ page, context, request: playwright.request }, buyer, seller, 390);
});

test('at 390px the seller reads what they receive in the publish form and the value step', async ({
  page,
  context,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  await sellerMoneyJourney({ page, context, request: playwright.request }, buyer, seller, 390);
});
