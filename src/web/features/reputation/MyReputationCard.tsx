import { FEE_RATE_BPS, formatFeeRate } from '@shared/fees';
import { paths } from '@shared/paths';
import { sealLabels } from '@shared/reputation';
import { Skeleton } from '@web/components/ui/skeleton';
import { Award } from 'lucide-react';
import { Link } from 'react-router';
import { useMyReputation } from './api';
import { SealPill } from './SealBadges';

const sealPages = ['bronze', 'prata', 'ouro', 'verificado', 'autorizado', 'nivel'] as const;

/** '/perfil': the member's level, seals and fee from real activity, with a link to each seal's progress. */
export function MyReputationCard({ username }: { username: string }) {
  const mine = useMyReputation(true);
  return (
    <section
      aria-labelledby="reputacao-titulo"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="reputacao-titulo" className="flex items-center gap-2 font-display text-lg font-bold text-fg">
        <Award aria-hidden className="size-5 text-accent" />
        Selos e nível
      </h2>
      {mine.data ? (
        <div className="mt-4 flex flex-col gap-4">
          <div>
            <p className="text-sm font-semibold text-fg">Nível {mine.data.level.level}</p>
            <progress
              className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-3 [&::-webkit-progress-value]:bg-accent"
              value={mine.data.level.xpInLevel}
              max={mine.data.level.xpForLevel}
              aria-label={`Progresso do nível ${mine.data.level.level}`}
            />
            <p className="mt-1 text-xs text-muted">
              {mine.data.level.xpInLevel} de {mine.data.level.xpForLevel} XP · faltam{' '}
              {mine.data.level.xpToNext} para o nível {mine.data.level.level + 1}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {mine.data.seals.length > 0 ? (
              <>
                Seus selos:
                {mine.data.seals.map((seal) => (
                  <SealPill key={seal} seal={seal} linked />
                ))}
              </>
            ) : (
              'Você ainda não tem selos.'
            )}
          </div>
          <p className="text-sm text-muted">
            Taxa de intermediação das suas vendas: {formatFeeRate(mine.data.feeRateBps)}
            {mine.data.feeRateBps < FEE_RATE_BPS && ` (em vez de ${formatFeeRate()})`}.
          </p>
          <nav aria-label="Progresso dos selos" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sealPages.map((seal) => (
              <Link
                key={seal}
                to={paths.seal(seal)}
                className="inline-flex min-h-6 items-center font-semibold text-accent hover:underline"
              >
                {seal === 'nivel' ? 'Nível' : sealLabels[seal]}
              </Link>
            ))}
            <Link
              to={paths.user(username)}
              className="inline-flex min-h-6 items-center font-semibold text-accent hover:underline"
            >
              Meu perfil público
            </Link>
          </nav>
        </div>
      ) : mine.isError ? (
        <p className="mt-3 text-sm text-muted">Não foi possível carregar seus selos.</p>
      ) : (
        <Skeleton className="mt-4 h-28 rounded-xl" />
      )}
    </section>
  );
}
