import { communityMessages as m } from '@shared/community-messages';
import type { CommunityCategory } from '@shared/community-rules';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { useMe, useResolveMe } from '@web/features/accounts/api';
import { deferred } from '@web/lib/deferred';
import { PenSquare } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { askToLogIn } from './login-toast';

const dialog = deferred(() => import('./PostDialog'));

/** 'Novo post': the form for a signed-in user; a guest is asked to log in instead. */
export function NewPostButton({
  category,
  className,
}: {
  category: CommunityCategory | null;
  className?: string;
}) {
  const me = useMe();
  const resolveMe = useResolveMe();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  const onClick = async () => {
    if ((await resolveMe()) === null) {
      askToLogIn(m.postLoginRequired, () => navigate(paths.login));
      return;
    }
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        size="lg"
        aria-haspopup="dialog"
        onPointerEnter={me.data ? dialog.preload : undefined}
        onFocus={me.data ? dialog.preload : undefined}
        onClick={onClick}
        className={className}
      >
        <PenSquare aria-hidden />
        Novo post
      </Button>
      {used && (
        <Suspense fallback={null}>
          <dialog.Component open={open} onOpenChange={setOpen} defaultCategory={category} />
        </Suspense>
      )}
    </>
  );
}
