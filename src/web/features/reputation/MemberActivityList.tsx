import type { MemberActivity } from '@shared/member-activity';
import { paths } from '@shared/paths';
import { formatDateTime } from '@web/lib/format';
import { EyeOff, FileText, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';

/** Only the owner reads this: why the section is not on the page others see. */
const hiddenNotes = {
  'activity-off': 'Só você vê esta seção: “Mostrar atividade” está desligado.',
  'profile-private': 'Só você vê esta seção: seu perfil é privado.',
} as const;

/** The member's newest forum posts and comments, each linked to its post. */
export function MemberActivityList({ activity }: { activity: MemberActivity }) {
  const note = activity.hiddenFromOthers && hiddenNotes[activity.hiddenFromOthers];
  return (
    <>
      {note && (
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <EyeOff aria-hidden className="size-4 shrink-0" />
          {note}
          <Link
            to={paths.settings}
            className="inline-flex min-h-6 items-center font-semibold text-accent hover:underline"
          >
            Alterar em Configurações
          </Link>
        </p>
      )}
      {activity.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          Nenhuma publicação ou comentário no fórum ainda.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {activity.items.map((item) => {
            const Icon = item.kind === 'post' ? FileText : MessageSquare;
            return (
              <li key={`${item.kind}-${item.id}`} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-subtle" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words text-fg">
                    {item.kind === 'comment' && <span className="text-muted">Comentou em </span>}
                    <Link to={paths.post(item.postId)} className="font-semibold hover:underline">
                      {item.postTitle}
                    </Link>
                  </p>
                  {item.excerpt && (
                    <p className="mt-0.5 line-clamp-2 text-sm break-words text-muted">{item.excerpt}</p>
                  )}
                  <time dateTime={item.createdAt} className="mt-0.5 block text-xs text-subtle">
                    {formatDateTime(item.createdAt)}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
