import type { SystemStatus } from '@shared/status';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';

test('/status-sistemas shows each real check as operational, with its response time, and passes axe', async ({
  page,
}) => {
  await page.goto('/status-sistemas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status dos Sistemas');
  await expect(page).toHaveTitle('Status dos Sistemas | Mercado Gamer');
  await expect(page.getByText('Esta página atualiza a cada 30 segundos.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Todos os sistemas operacionais' })).toBeVisible();

  const services = page.getByRole('region', { name: 'Serviços' }).getByRole('listitem');
  await expect(services).toHaveCount(4);
  for (const name of ['Banco de dados', 'Armazenamento de arquivos', 'E-mail', 'Tempo real']) {
    const card = services.filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('Operacional');
    await expect(card).toContainText(/Tempo de resposta: \d+ ms/);
  }
  await expect(page.getByText(/^Atualizado há \d+s$/)).toBeVisible();
  // A guest learns whether uploads work, not how full the disk is (the admin's Sistema tab has the figures).
  const disk = page.getByRole('region', { name: 'Espaço em disco' });
  await expect(disk).toContainText('Espaço livre suficiente para envios de arquivos');
  await expect(disk).not.toContainText('livres de');
  await expectNoSeriousA11yViolations(page);
});

test('a degraded service and scheduled maintenance are said in words, not only in colour', async ({
  page,
}) => {
  const now = Date.now();
  const answer: SystemStatus = {
    state: 'degraded',
    checks: [
      { name: 'database', state: 'operational', latencyMs: 3, checkedAt: new Date(now).toISOString() },
      { name: 'storage', state: 'down', latencyMs: 2000, checkedAt: new Date(now).toISOString() },
      { name: 'mail', state: 'degraded', latencyMs: 1400, checkedAt: new Date(now).toISOString() },
      { name: 'realtime', state: 'down', latencyMs: 2000, checkedAt: new Date(now).toISOString() },
    ],
    // Issue 25: the data folder under MIN_FREE_DISK_MB (uploads refused); the figures are the admins'.
    disk: { low: true },
    uptimeSeconds: 7_500,
    maintenance: [
      {
        id: 1,
        title: 'Troca do servidor de arquivos',
        description: 'Fotos podem não carregar.',
        startsAt: new Date(now + 3_600_000).toISOString(),
        endsAt: new Date(now + 7_200_000).toISOString(),
      },
    ],
    checkedAt: new Date(now).toISOString(),
  };
  await page.route('**/api/status', (route) => route.fulfill({ json: answer }));
  await page.goto('/status-sistemas');

  await expect(
    page.getByRole('status').filter({ hasText: 'Alguns sistemas estão com instabilidade' }),
  ).toBeVisible();
  const services = page.getByRole('region', { name: 'Serviços' }).getByRole('listitem');
  await expect(services.filter({ hasText: 'Armazenamento de arquivos' })).toContainText('Fora do ar');
  await expect(services.filter({ hasText: 'E-mail' })).toContainText('Instável');
  await expect(services.filter({ hasText: 'Tempo real' })).toContainText('Fora do ar');
  await expect(page.getByText('Servidor no ar há 2 h 5 min')).toBeVisible();
  const disk = page.getByRole('region', { name: 'Espaço em disco' });
  await expect(disk).toContainText('Pouco espaço livre: envios de arquivos estão suspensos');
  const maintenance = page.getByRole('region', { name: 'Manutenções programadas' });
  await expect(maintenance.getByRole('heading', { name: 'Troca do servidor de arquivos' })).toBeVisible();
  await expect(maintenance).toContainText('Programada');
  await expect(maintenance).toContainText('Fotos podem não carregar.');
  await expectNoSeriousA11yViolations(page);
});
