import { communityMessages } from '@shared/community-messages';
import { listingMessages } from '@shared/listing-messages';
import type { StaffReportPage } from '@shared/moderation';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { publishForOffers } from './support/offers';

test('a member reports a listing comment and a forum comment from the page', async ({
  page,
  playwright,
  member,
  otherMember,
  staff,
}) => {
  expect(member.nickname).not.toBe(otherMember.nickname);
  const listing = await publishForOffers(playwright.request, otherMember);
  const author = await apiAs(playwright.request, otherMember);
  const listingText = `Me chama no zap que faço mais barato ${listing.id}`;
  expect(
    (await author.post(`/api/listings/${listing.id}/comments`, { data: { body: listingText } })).status(),
  ).toBe(201);
  const created = await author.post('/api/community/posts', {
    data: {
      title: `Guia de ranqueada ${listing.id}`,
      content: 'Dicas para subir de elo.',
      category: 'geral',
    },
  });
  expect(created.status()).toBe(201);
  const { id: postId } = (await created.json()) as { id: number };
  const postText = `Comentário ofensivo no fórum ${listing.id}`;
  expect(
    (await author.post(`/api/community/posts/${postId}/comments`, { data: { content: postText } })).status(),
  ).toBe(201);
  await author.dispose();

  // On the listing: each comment has its own 'Denunciar' for anyone but its author.
  await page.goto(listing.path);
  await expect(page.getByText(listingText)).toBeVisible();
  await page.getByRole('button', { name: `Denunciar comentário de ${otherMember.nickname}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar comentário' });
  await dialog.getByRole('radio', { name: 'Golpe ou tentativa de fraude' }).check();
  await dialog.getByLabel('Detalhes').fill('Chama para negociar fora da plataforma.');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'comment-report-dialog-1440');
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByText(communityMessages.reportSent)).toBeVisible();
  await expect(dialog).toBeHidden();

  // On the forum post, the same.
  await page.goto(`/community/post/${postId}`);
  const comments = page.getByRole('list', { name: 'Comentários' });
  await expect(comments.getByText(postText)).toBeVisible();
  await comments.getByRole('button', { name: `Denunciar comentário de ${otherMember.nickname}` }).click();
  const forumDialog = page.getByRole('dialog', { name: 'Denunciar comentário' });
  await forumDialog.getByRole('radio', { name: 'Ofensivo ou discurso de ódio' }).check();
  await forumDialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(forumDialog).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  await comments.scrollIntoViewIfNeeded();
  await screenshot(page, 'comment-report-forum-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await comments.getByText(postText).scrollIntoViewIfNeeded();
  await expect(
    comments.getByRole('button', { name: `Denunciar comentário de ${otherMember.nickname}` }),
  ).toBeVisible();
  await screenshot(page, 'comment-report-forum-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Both reports are in the staff queue with the comments' text.
  const api = await apiAs(playwright.request, staff);
  for (const [kind, text] of [
    ['listing_comment', listingText],
    ['post_comment', postText],
  ] as const) {
    const queue = (await (await api.get(`/api/staff/reports?targetType=${kind}`)).json()) as StaffReportPage;
    expect(queue.reports.some((r) => r.targetName === text)).toBe(true);
  }
  await api.dispose();
});

test('a buyer opening a suspended seller’s listing sees that it is unavailable, with nothing of the seller', async ({
  page,
  playwright,
  member,
  otherMember,
  staff,
}) => {
  // `member` is the buyer signed in on the page.
  expect(member.userId).not.toBe(otherMember.userId);
  const listing = await publishForOffers(playwright.request, otherMember);
  const api = await apiAs(playwright.request, staff);
  const suspended = await api.post(`/api/staff/users/${otherMember.userId}/suspend`, {
    data: { penalty: '7_dias', reason: 'Entrega atrasada' },
  });
  expect(suspended.status()).toBe(204);
  await api.dispose();

  await page.goto(listing.path);
  await expect(page.getByRole('heading', { level: 1, name: listingMessages.unavailable })).toBeVisible();
  await expect(page.getByText(listingMessages.unavailableText)).toBeVisible();
  await expect(page).toHaveTitle(`${listingMessages.unavailable} | Mercado Gamer`);
  await expect(page.getByText(listing.title)).toHaveCount(0);
  await expect(page.getByText(otherMember.nickname)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'listing-unavailable-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: listingMessages.unavailable })).toBeVisible();
  await screenshot(page, 'listing-unavailable-390');
});

test('the staff queue shows a reported comment’s text and links to where it is', async ({
  page,
  playwright,
  member,
  otherMember,
  staff,
}) => {
  const listing = await publishForOffers(playwright.request, otherMember);
  const author = await apiAs(playwright.request, otherMember);
  const text = `Vendo mais barato por fora ${listing.id}`;
  const posted = await author.post(`/api/listings/${listing.id}/comments`, { data: { body: text } });
  expect(posted.status()).toBe(201);
  const { id: commentId } = (await posted.json()) as { id: number };
  await author.dispose();
  const reporter = await apiAs(playwright.request, member);
  const reported = await reporter.post(`/api/reports/listing-comments/${commentId}`, {
    data: { reason: 'golpe' },
  });
  expect(reported.status()).toBe(201);
  await reporter.dispose();

  await signInAs(page.context(), staff);
  await page.goto('/admin/denuncias?tipo=listing_comment');
  await page.getByRole('button', { name: `Ver denúncia: ${text}` }).click();
  const detail = page.getByRole('dialog', { name: 'Denúncia: Comentário em anúncio' });
  await expect(detail.getByText(text)).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Abrir comentário em anúncio' })).toHaveAttribute(
    'href',
    `/listing/${listing.id}#comentario-${commentId}`,
  );
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'comment-report-staff-1440');
});
