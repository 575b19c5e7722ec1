import type { Browser, BrowserContextOptions, Locator } from '@playwright/test';
import { apiAs, expect, type Member, signInAs } from './fixtures';
import { publishForOffers } from './offers';

/** A desktop screen, as the desktop project's. */
export const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
/** A phone, as the mobile project's. */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/**
 * Another person at another computer (or phone): a browser context of their own, in pt-BR and São Paulo's time,
 * signed in as them. Closed with the browser at the test's end.
 */
export async function personAt(browser: Browser, who: Member, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options });
  await signInAs(context, who);
  return context.newPage();
}

/**
 * A trade between the two, through the API: the seller publishes a listing of `kind` (and, with `sellerPixKey`, keeps
 * a PIX key, which the release needs), the buyer opens the trade. Answers its id and the listing's title.
 */
export async function openTradeOf(
  request: Parameters<typeof publishForOffers>[0],
  buyer: Member,
  seller: Member,
  { sellerPixKey = false, kind = 'accounts' as Parameters<typeof publishForOffers>[3] } = {},
) {
  const listing = await publishForOffers(request, seller, '120,00', kind);
  if (sellerPixKey) {
    const sellerApi = await apiAs(request, seller);
    const key = await sellerApi.post('/api/pix-keys', {
      data: {
        type: 'email',
        key: `${seller.nickname.toLowerCase()}@exemplo.com.br`,
        password: seller.password,
      },
    });
    expect(key.status()).toBe(201);
    await sellerApi.dispose();
  }
  const buyerApi = await apiAs(request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await buyerApi.dispose();
  return { id, title: listing.title };
}

/** {@link openTradeOf} of an account listing, answering the trade's id. */
export async function openTradeBetween(
  request: Parameters<typeof publishForOffers>[0],
  buyer: Member,
  seller: Member,
  { sellerPixKey = false } = {},
) {
  return (await openTradeOf(request, buyer, seller, { sellerPixKey })).id;
}

/** Nothing lies over the element: no toast overlaps it, and a click (or tap) at its centre reaches it. */
export async function expectUncovered(target: Locator) {
  await expect(target).toBeInViewport();
  const covered = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const overlapped = [...document.querySelectorAll('[data-sonner-toast]')]
      .map((toast) => toast.getBoundingClientRect())
      .some((t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom);
    return { reached: hit !== null && element.contains(hit), overlapped };
  });
  expect(covered).toEqual({ reached: true, overlapped: false });
}
