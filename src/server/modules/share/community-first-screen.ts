import type { PostPage, PostSummary } from '@shared/community';
import { categoryLabel, communityCategories } from '@shared/community-rules';
import { initials } from '@shared/initials';
import { paths, withQuery } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { escapeAttribute, escapeText } from './first-paint';

/** A primary `lg` button's classes (components/ui/button.tsx `buttonClasses({ size: 'lg' })`): keep them alike. */
const primaryButtonLg =
  'inline-flex shrink-0 select-none items-center justify-center whitespace-nowrap font-medium transition-[color,background-color,border-color,box-shadow] duration-150 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 bg-accent text-accent-fg font-semibold shadow-[0_0_20px_-6px_var(--color-accent)] h-12 gap-2.5 rounded-xl px-6 text-base';

const messagesSquare =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-messages-square size-4" aria-hidden="true"><path d="M16 10a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 14.286V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z"></path><path d="M20 9a2 2 0 0 1 2 2v10.286a.71.71 0 0 1-1.212.502l-2.202-2.202A2 2 0 0 0 17.172 19H10a2 2 0 0 1-2-2v-1"></path></svg>';
const squarePen =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-square-pen" aria-hidden="true"><path d="M12 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7"></path><path d="M18.375 2.625a1 1 0 0 1 3 3l-9.013 9.014a2 2 0 0 1-.853.505l-2.873.84a.5.5 0 0 1-.62-.62l.84-2.873a2 2 0 0 1 .506-.852z"></path></svg>';
const svg = (name: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} size-4" aria-hidden="true">${body}</svg>`;
const heart = svg(
  'heart',
  '<path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"></path>',
);
const messageCircle = svg(
  'message-circle',
  '<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"></path>',
);

const HEADER = `<header class="relative isolate flex flex-col gap-5 overflow-hidden rounded-3xl border border-line bg-surface px-5 py-6 sm:flex-row sm:items-end sm:justify-between sm:px-8 sm:py-8">
            <div aria-hidden="true" class="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_70%)]"></div>
            <div aria-hidden="true" class="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-accent/10 blur-[90px]"></div>
            <div class="min-w-0">
              <p class="flex items-center gap-2 text-sm font-medium text-accent">${messagesSquare}Fórum dos jogadores</p>
              <h1 class="mt-2 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">Comunidade</h1>
              <p class="mt-2 max-w-xl text-sm text-muted">Troque dicas, acompanhe as novidades do DDtank Brasil S3 e tire dúvidas com outros jogadores.</p>
            </div>
            <span aria-hidden="true" class="${primaryButtonLg} w-full sm:w-auto">${squarePen}Novo post</span>
          </header>`;

/** How many posts the plain forum's HTML holds: more than a phone's first screen shows. */
export const FIRST_SCREEN_POSTS = 4;

/** features/community/badges.tsx's tones (keep them alike). */
const categoryTones: Record<string, string> = {
  dicas: 'border-accent/40 bg-accent-soft text-accent',
  ddtank: 'border-sky-400/40 bg-sky-400/10 text-sky-300',
  geral: 'border-line-strong bg-surface-3 text-muted',
  suporte: 'border-violet-400/40 bg-violet-400/10 text-violet-300',
};

const count = new Intl.NumberFormat('pt-BR');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/**
 * One post of the list as plain HTML, with the classes of features/community/PostCard.tsx, badges.tsx and
 * components/ui/avatar.tsx (keep them alike). Everything from the data is escaped.
 */
function postHtml(post: PostSummary, now: number): string {
  const tone = categoryTones[post.category] ?? categoryTones.geral;
  const staff = post.author.isStaff
    ? '<span class="rounded-full border border-warning/40 bg-warning/10 px-2 py-px text-[0.7rem] font-semibold text-warning">Equipe</span>'
    : '';
  const excerpt = post.excerpt
    ? `<p class="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">${escapeText(post.excerpt)}</p>`
    : '';
  const figure = (icon: string, title: string, n: number, one: string, many: string) =>
    `<span class="inline-flex items-center gap-1.5" title="${title}">${icon}<span class="sr-only">${plural(n, one, many)}</span><span aria-hidden="true">${count.format(n)}</span></span>`;
  return `<li><article class="group relative flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors focus-within:border-accent/60 hover:border-line-strong hover:bg-surface-2/60 sm:p-5">
                  <div class="flex flex-wrap items-center gap-2"><span class="inline-flex max-w-full items-center truncate rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}">${escapeText(categoryLabel(post.category))}</span><time datetime="${escapeAttribute(post.createdAt)}" class="text-xs text-subtle">${relativeTime(post.createdAt, now)}</time></div>
                  <h2 class="text-base font-semibold break-words text-fg sm:text-lg"><a href="${paths.post(post.id)}" class="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none group-hover:text-accent">${escapeText(post.title)}</a></h2>
                  ${excerpt}
                  <div class="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-line pt-3">
                    <p class="flex min-w-0 items-center gap-2 text-sm"><span aria-hidden="true" class="relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-accent/25 to-surface-3 font-semibold text-accent ring-2 ring-accent/40 size-8 text-[0.7rem]">${escapeText(initials(post.author.username))}</span><span class="truncate font-medium text-fg">${escapeText(post.author.username)}</span>${staff}</p>
                    <p class="flex items-center gap-4 text-sm text-muted">${figure(heart, 'Curtidas', post.likesCount, 'curtida', 'curtidas')}${figure(messageCircle, 'Comentários', post.repliesCount, 'comentário', 'comentários')}</p>
                  </div>
                </article></li>`;
}

/** features/community/CategoryFilter.tsx's tabs, 'Todos' selected, as plain links. */
const tabs = [
  { value: null, label: 'Todos' },
  ...communityCategories.map((value) => ({ value, label: categoryLabel(value) })),
]
  .map(({ value, label }) => {
    const tone = value
      ? 'border-line bg-surface text-muted hover:border-line-strong hover:text-fg'
      : 'border-accent/60 bg-accent-soft text-accent';
    const href = value ? withQuery(paths.community, { categoria: value }) : paths.community;
    return `<li><a href="${href}"${value ? '' : ' aria-current="page"'} class="inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors ${tone}">${escapeText(label)}</a></li>`;
  })
  .join('');

/** The search field's frame (components/ui/search-field.tsx, look 'md': a 40px field in a 4px padding and a border). */
const SEARCH_BOX = 'h-[50px] rounded-xl border border-line-strong bg-surface-2';

/**
 * /comunidade's first screen as plain HTML, laid out like pages/CommunityPage.tsx (keep them alike). Its 'Novo post'
 * is drawn but inert until the app replaces it (a guest's click asks to sign in, which needs the app). With the plain
 * forum's first page (`page`, the API's answer to a guest) it also holds the tabs, a box the search field's size,
 * the count and the first posts: the first post's title is the largest thing on a phone's first screen, and paints
 * with the HTML instead of after the app's code.
 */
export function communityFirstScreen(page?: PostPage, now = Date.now()): string {
  const list = page?.posts.length
    ? `
          <div class="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
            <div class="flex min-w-0 flex-col gap-5">
              <div class="flex flex-col gap-3">
                <nav aria-label="Categorias" class="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"><ul class="flex min-w-max gap-2">${tabs}</ul></nav>
                <div aria-hidden="true" class="${SEARCH_BOX}"></div>
              </div>
              <p class="-mt-1 min-h-5 text-sm text-muted">${page.totalCapped ? 'Mais de ' : ''}${plural(page.total, 'post', 'posts')}</p>
              <section aria-label="Posts" class="flex flex-col gap-6">
                <ul aria-label="Lista de posts" class="flex flex-col gap-3">
                ${page.posts
                  .slice(0, FIRST_SCREEN_POSTS)
                  .map((post) => postHtml(post, now))
                  .join('\n                ')}
                </ul>
              </section>
            </div>
          </div>`
    : '';
  return `<div class="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          ${HEADER}${list}
        </div>`;
}
