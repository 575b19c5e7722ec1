import type { Page } from '@playwright/test';
import { ratingLabels } from '@shared/review-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';
import { personAt } from './support/people';
import { advanceTrade, openItemTrade } from './support/trade-stages';

const guide = (page: Page) => page.getByRole('region', { name: /^(Etapa \d de 4|Andamento)/ });

test('at 1440 the buyer is guided step by step, never sees the payout, and reviews from the notification with no star chosen', async ({
  page,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow();
  const people = { buyer, seller, staff };
  const { id, title } = await openItemTrade(playwright.request, buyer, seller);
  const room = `/intermediacao/${id}`;

  // The value step: the header names the step, who acts and until when; title and steps in the first screen.
  await page.goto(room);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Intermediação ${title}`);
  await expect(guide(page)).toHaveAccessibleName('Etapa 1 de 4 · Confirmação do valor');
  await expect(guide(page)).toContainText('O vendedor confirma o valor');
  await expect(guide(page)).toContainText(
    /O vendedor tem até \d\d\/\d\d às \d\d:\d\d para confirmar o valor/,
  );
  await expect(guide(page)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('region', { name: 'Etapas' })).toBeInViewport();
  await screenshot(page, 'trade-room-value-1440');

  await advanceTrade(playwright.request, people, id, 'opened', 'valued');
  await page.reload();
  await expect(guide(page)).toHaveAccessibleName('Etapa 2 de 4 · Confirmação do pagamento');
  await expect(guide(page)).toContainText(/Você tem até .+ para fazer o pagamento/);
  await expect(page.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
  await screenshot(page, 'trade-room-payment-1440');

  await advanceTrade(playwright.request, people, id, 'valued', 'paid');
  await page.reload();
  await expect(guide(page)).toContainText('Pagamento recebido — fica protegido até você confirmar');
  await expect(guide(page)).toContainText(/O vendedor tem até .+ para entregar o produto/);
  await screenshot(page, 'trade-room-paid-1440');

  await advanceTrade(playwright.request, people, id, 'paid', 'delivered');
  await page.reload();
  const actions = page.getByRole('region', { name: 'Ações', exact: true });
  await actions.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(page.getByText('Entrega Confirmada', { exact: true })).toBeVisible();

  // Confirmed: the purchase is done for the buyer, who reads their protection; the seller's payout is not theirs.
  await expect(guide(page)).toContainText('Compra concluída');
  await expect(guide(page)).toContainText('Você segue protegido até o repasse ao vendedor');
  await expect(page.getByText('Repasse ao vendedor pendente', { exact: true })).toHaveCount(1); // the state badge
  await expect(page.getByText(/•••@exemplo\.com\.br|Chave PIX|Valor a enviar/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'trade-room-confirmed-1440');

  // The seller still reads the payout with their key masked.
  const sellerPage = await personAt(browser, seller);
  await sellerPage.goto(room);
  await expect(sellerPage.getByText(/^[a-z]•••@exemplo\.com\.br$/)).toBeVisible();
  await sellerPage.context().close();

  await advanceTrade(playwright.request, people, id, 'confirmed', 'released');
  await page.reload();
  await expect(guide(page)).toHaveAccessibleName('Andamento');
  await expect(guide(page)).toContainText('Compra concluída');
  await expect(guide(page)).toContainText('Proteção encerrada');
  await expect(page.getByText('Pagamento enviado ao vendedor')).toHaveCount(0);
  await expect(page.getByText(/•••@exemplo\.com\.br|Chave PIX/)).toHaveCount(0);

  // The bell asks for the review; its link opens the room at the form, where no star is chosen.
  await page.goto('/notificacoes');
  await page.getByRole('link', { name: /Avalie o vendedor/ }).click();
  await expect(page).toHaveURL(new RegExp(`${room}#avaliacao$`));
  const review = page.getByRole('region', { name: 'Avaliação' });
  await expect(review).toBeInViewport();
  const stars = review.getByRole('radio');
  await expect(stars).toHaveCount(5);
  for (const star of await stars.all()) await expect(star).not.toBeChecked();
  await review.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(review.getByRole('alert')).toHaveText('Escolha uma nota de 1 a 5.');
  await expect(stars.first()).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'trade-room-review-1440');
  await review.getByText(`4 – ${ratingLabels[4]}`).click();
  await expect(review.getByRole('alert')).toHaveCount(0);
  await review.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(review.getByText('Sua avaliação')).toBeVisible();
  await expect(review.getByText(ratingLabels[4] as string, { exact: true })).toBeVisible();
});
