import { FEE_RATE_BPS, formatFeeRate } from '@shared/fees';
import { paths } from '@shared/paths';
import { type EarnedSeal, feeRateBpsFor, type Requirement, sealLabels } from '@shared/reputation';
import type { MyReputation } from '@shared/reviews';
import { ButtonLink } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format';
import { ArrowRight, Award, CheckCircle2, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useMyReputation } from './api';
import { sealIcon } from './SealBadges';

/** The seals in the order one earns them. */
const sealOrder: readonly EarnedSeal[] = ['bronze', 'prata', 'ouro', 'verificado', 'autorizado'];

/** What each seal says of its holder, in a line (its page, '/selos/{tipo}', has the whole rule). */
const sealMeaning: Record<EarnedSeal, string> = {
  bronze: 'O primeiro selo: conta ativa, e-mail confirmado, perfil completo e a primeira negociação.',
  prata: `Negocia com frequência e é bem avaliado. A taxa das vendas cai para ${formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['prata']))}.`,
  ouro: `Os vendedores mais experientes e bem avaliados. A taxa das vendas cai para ${formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['ouro']))}.`,
  verificado: 'Conta protegida: e-mail confirmado, telefone no perfil e verificação em duas etapas.',
  autorizado: 'Muitas vendas concluídas e avaliação média acima de 4,5 como vendedor.',
};

/**
 * '/perfil': the member's level, fee and each seal as a card — what it means, whether it is theirs, how many of its
 * requirements they meet and the next one to meet — from real activity (`/api/reputation/me`).
 */
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
        <div className="mt-4 flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
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
            <Link
              to={paths.seal('nivel')}
              className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-accent hover:underline"
            >
              Como o nível sobe
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
          <p className="text-sm text-muted">
            Taxa de intermediação das suas vendas: {formatFeeRate(mine.data.feeRateBps)}
            {mine.data.feeRateBps < FEE_RATE_BPS && ` (em vez de ${formatFeeRate()})`}.
          </p>
          <ul aria-label="Seus selos" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sealOrder.map((seal) => (
              <SealCard key={seal} seal={seal} reputation={mine.data} />
            ))}
          </ul>
          <ButtonLink to={paths.user(username)} variant="outline" className="self-start">
            <UserRound aria-hidden />
            Meu perfil público
          </ButtonLink>
        </div>
      ) : mine.isError ? (
        <p className="mt-3 text-sm text-muted">Não foi possível carregar seus selos.</p>
      ) : (
        <Skeleton className="mt-4 h-28 rounded-xl" />
      )}
    </section>
  );
}

function SealCard({ seal, reputation }: { seal: EarnedSeal; reputation: MyReputation }) {
  const { Icon, tone } = sealIcon[seal];
  const requirements = reputation.requirements[seal];
  const earned = reputation.seals.includes(seal);
  const met = requirements.filter((r) => r.met).length;
  const next = requirements.find((r) => !r.met);
  return (
    <li
      className={cn(
        'flex flex-col gap-2.5 rounded-xl border p-4',
        earned ? 'border-accent/40 bg-accent-soft/40' : 'border-line bg-surface-2',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-fg">
          <Icon aria-hidden className={cn('size-5', tone)} />
          <Link
            to={paths.seal(seal)}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            {sealLabels[seal]}
          </Link>
        </h3>
        {earned ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
            <CheckCircle2 aria-hidden className="size-3.5" />
            Conquistado
          </span>
        ) : (
          <span className="text-xs text-muted">
            {met} de {requirements.length} requisitos
          </span>
        )}
      </div>
      <p className="text-sm text-muted">{sealMeaning[seal]}</p>
      {!earned && (
        <>
          <progress
            className="h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-3 [&::-webkit-progress-value]:bg-accent"
            value={met}
            max={requirements.length}
            aria-label={`Requisitos do selo ${sealLabels[seal]}: ${met} de ${requirements.length}`}
          />
          {next && <p className="text-xs text-fg">Próximo passo: {nextStep(next)}</p>}
        </>
      )}
    </li>
  );
}

/** '25 negociações concluídas (3 de 25)': the requirement, with the member's figure when it counts one. */
function nextStep(requirement: Requirement): string {
  const progress = requirement.progress;
  if (!progress) return requirement.label;
  return `${requirement.label} (${formatCount(progress.current)} de ${formatCount(progress.target)})`;
}
