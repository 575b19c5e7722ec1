import type { Page } from '@playwright/test';
import { supportMessages as m } from '@shared/support-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('at 390px a guest fills and sends the partnership form', async ({ page }) => {
  await page.goto('/parcerias');
  await expect(page.getByRole('heading', { name: 'Tipos de parceria' })).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/parcerias-390-page.png', fullPage: true });
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('E-mail').fill('ana.mobile@canal.example');
  await page.getByLabel('Telefone (opcional)').fill('(21) 99876-5432');
  await page.getByLabel('Empresa ou canal').fill(`Canal da Ana no celular ${Date.now()}`);
  await page.getByLabel('Tipo de parceria').selectOption({ label: 'Organização de esports' });
  await page
    .getByLabel('Descrição da proposta')
    .fill('Time de Valorant com torcida grande; proponho um campeonato patrocinado.');
  await screenshot(page, 'parcerias-390');
  await page.getByRole('button', { name: 'Enviar proposta' }).tap();
  await expect(page.getByRole('status').filter({ hasText: m.partnershipSent })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('at 390px a guest rates and sends feedback', async ({ page }) => {
  await page.goto('/enviar-feedback');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enviar feedback');
  await expectNoSideScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/enviar-feedback-390-page.png', fullPage: true });
  await page.getByRole('radio', { name: 'Bug' }).check();
  await expect(page.getByLabel('Dispositivo')).not.toHaveValue('');
  await page.getByRole('radio', { name: '4 de 5: Satisfeito' }).check({ force: true });
  await page.getByLabel('E-mail').fill('celular@example.com');
  await page.getByLabel('Assunto').fill('Menu no celular');
  await page.getByLabel('Mensagem').fill('O menu lateral podia fechar ao tocar fora dele.');
  await expectNoSideScroll(page);
  await screenshot(page, 'enviar-feedback-390');
  await page.getByRole('button', { name: 'Enviar feedback' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Feedback enviado!' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page);
});
