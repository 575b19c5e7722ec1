import type { PostSummary } from '@shared/community';
import { paths } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { UserAvatar } from '@web/components/ui/avatar';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatCount, formatFullDateTime } from '@web/lib/format';
import { Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryBadge, StaffBadge } from './badges';

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** One post in the forum list; the whole card opens the post through its title link. */
export function PostCard({ post, now }: { post: PostSummary; now: number }) {
  return (
    <article className="group relative flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors focus-within:border-accent/60 hover:border-line-strong hover:bg-surface-2/60 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={post.category} />
        <time
          dateTime={post.createdAt}
          title={formatFullDateTime(post.createdAt)}
          className="text-xs text-subtle"
        >
          {relativeTime(post.createdAt, now)}
        </time>
      </div>

      <h2 className="text-base font-semibold break-words text-fg sm:text-lg">
        <Link
          to={paths.post(post.id)}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none group-hover:text-accent"
        >
          {post.title}
        </Link>
      </h2>

      {post.excerpt && (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">{post.excerpt}</p>
      )}

      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-line pt-3">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <UserAvatar name={post.author.username} src={null} size="sm" />
          <span className="truncate font-medium text-fg">{post.author.username}</span>
          {post.author.isStaff && <StaffBadge />}
        </p>
        <p className="flex items-center gap-4 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5" title="Curtidas">
            <Heart aria-hidden className="size-4" />
            <span className="sr-only">{plural(post.likesCount, 'curtida', 'curtidas')}</span>
            <span aria-hidden>{formatCount(post.likesCount)}</span>
          </span>
          <span className="inline-flex items-center gap-1.5" title="Comentários">
            <MessageCircle aria-hidden className="size-4" />
            <span className="sr-only">{plural(post.repliesCount, 'comentário', 'comentários')}</span>
            <span aria-hidden>{formatCount(post.repliesCount)}</span>
          </span>
        </p>
      </div>
    </article>
  );
}

export function PostListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div role="status" aria-label="Carregando posts" className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
        <div key={i} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-5 w-3/4 rounded" />
          <Skeleton className="h-4 w-full rounded" />
          <Skeleton className="h-4 w-2/3 rounded" />
          <div className="flex items-center justify-between border-t border-line pt-3">
            <div className="flex items-center gap-2">
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="h-4 w-24 rounded" />
            </div>
            <Skeleton className="h-4 w-20 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}
