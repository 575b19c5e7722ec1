import type { PostDetail } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { paths } from '@shared/paths';
import { useMe } from '@web/features/accounts/api';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useToggleLike } from './api';
import { askToLogIn } from './login-toast';

/** The heart with the count: a guest is asked to log in; a failure says so and puts the old count back. */
export function LikeButton({ post }: { post: PostDetail }) {
  const me = useMe();
  const navigate = useNavigate();
  const toggle = useToggleLike(post.id);
  const liked = post.likedByMe;

  const onClick = () => {
    if (me.data === null) {
      askToLogIn(m.likeLoginRequired, () => navigate(paths.login));
      return;
    }
    toggle.mutate(!liked, {
      onError: (error) => {
        if (isApiError(error) && error.status === 401)
          askToLogIn(m.likeLoginRequired, () => navigate(paths.login));
        else toast.error(m.likeFailed);
      },
    });
  };

  const count = formatCount(post.likesCount);
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Curtir, ${count} ${post.likesCount === 1 ? 'curtida' : 'curtidas'}`}
      onClick={onClick}
      className={cn(
        'inline-flex h-10 min-w-20 items-center justify-center gap-2 rounded-full border px-4 text-sm font-semibold transition-[color,background-color,border-color,box-shadow] duration-150',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        liked
          ? 'border-danger/50 bg-danger/10 text-danger hover:bg-danger/15'
          : 'border-line-strong bg-surface-2 text-muted hover:border-danger/50 hover:text-danger',
      )}
    >
      <Heart aria-hidden className={cn('size-4 transition-transform', liked && 'scale-110 fill-current')} />
      <span data-testid="like-count" className="tabular-nums">
        {count}
      </span>
    </button>
  );
}
