import { FEE_RATE_BPS, formatFeeRate } from '@shared/fees';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import {
  type EarnedSeal,
  FEE_REDUCTION_PERCENT,
  feeRateBpsFor,
  isSealType,
  type ReputationFigures,
  type Requirement,
  requirementsOf,
  type SealType,
  sealLabels,
  XP,
} from '@shared/reputation';
import { ButtonLink } from '@web/components/ui/button';
import { useMe } from '@web/features/accounts/api';
import { useMyReputation } from '@web/features/reputation/api';
import { SealPill } from '@web/features/reputation/SealBadges';
import { cn } from '@web/lib/cn';
import { ArrowLeft, CheckCircle2, Circle, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';

const descriptions: Record<SealType, string> = {
  bronze:
    'O primeiro selo: uma conta ativa, com e-mail confirmado, perfil completo e a primeira negociação concluída.',
  prata: `Para quem já negocia com frequência e bem avaliado. A taxa de intermediação cai ${FEE_REDUCTION_PERCENT.prata}%: de ${formatFeeRate()} para ${formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['prata']))}.`,
  ouro: `O selo dos vendedores mais experientes e bem avaliados. A taxa de intermediação cai ${FEE_REDUCTION_PERCENT.ouro}%: de ${formatFeeRate()} para ${formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['ouro']))}.`,
  verificado:
    'Conta protegida e contato confirmado: e-mail confirmado, telefone cadastrado no perfil e verificação em duas etapas ativa.',
  autorizado: 'Vendedor com muitas vendas concluídas e avaliação média acima de 4,5 como vendedor.',
  nivel: `O nível sobe com a sua atividade real: ${XP.trade} XP por negociação concluída, ${XP.perStar} XP por estrela das avaliações recebidas, ${XP.reviewWritten} XP por avaliação escrita e ${XP.perWeek} XP por semana de conta (até ${XP.maxWeeks} semanas). O nível N começa em 100 × N × (N − 1) ÷ 2 XP.`,
};

/** What a seal asks, for a guest: the rules with no one's figures. */
const noFigures: ReputationFigures = {
  active: false,
  emailVerified: false,
  hasPhone: false,
  twoFactor: false,
  profileComplete: false,
  accountAgeDays: 0,
  completedTrades: 0,
  completedSales: 0,
  sellerReviewCount: 0,
  sellerRating: null,
  reviewCount: 0,
  rating: null,
  reviewsWritten: 0,
};

/** '/selos/:tipo' (part 2 §2): what a seal or the level means, its requirements and the member's real progress. */
export default function SealPage() {
  const tipo = useParams().tipo ?? '';
  const me = useMe();
  const mine = useMyReputation(Boolean(me.data));

  if (!isSealType(tipo)) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-20 text-center">
        <title>Selo não encontrado | Mercado Gamer</title>
        <SearchX aria-hidden className="size-10 text-subtle" />
        <h1 className="font-display text-xl font-bold text-fg">Selo não encontrado</h1>
        <ButtonLink to="/inicio" variant="secondary">
          Voltar ao início
        </ButtonLink>
      </div>
    );
  }

  const title = tipo === 'nivel' ? 'Nível' : `Selo ${sealLabels[tipo]}`;
  const seal = tipo === 'nivel' ? null : (tipo as EarnedSeal);
  const progress = seal && mine.data ? mine.data.requirements[seal] : null;
  const held = seal && mine.data ? mine.data.seals.includes(seal) : false;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageMeta[paths.seal(tipo)].title}</title>
      <Link
        to="/inicio"
        className="inline-flex items-center gap-1.5 self-start rounded text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Voltar ao início
      </Link>
      <section aria-labelledby="selo-titulo" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">Selos e níveis</p>
        {/* The pill repeats the seal's name: beside the heading, not in it ('Selo Ouro', not 'Selo OuroOuro'). */}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 id="selo-titulo" className="font-display text-2xl font-bold text-fg">
            {title}
          </h1>
          {seal && <SealPill seal={seal} />}
        </div>
        <p className="mt-3 text-sm text-muted">{descriptions[tipo]}</p>
      </section>

      {seal ? (
        <section
          aria-labelledby="requisitos-titulo"
          className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
        >
          <h2 id="requisitos-titulo" className="font-display text-lg font-bold text-fg">
            {progress ? 'Seu progresso' : 'Requisitos'}
          </h2>
          {held && <p className="mt-2 text-sm font-semibold text-accent">Você já tem este selo.</p>}
          <RequirementList
            requirements={progress ?? requirementsOf[seal](noFigures)}
            showProgress={Boolean(progress)}
          />
          {!me.data && me.data !== undefined && (
            <p className="mt-4 text-sm text-muted">
              <Link to={paths.login} className="font-semibold text-accent hover:underline">
                Entre na sua conta
              </Link>{' '}
              para ver o seu progresso.
            </p>
          )}
        </section>
      ) : (
        mine.data && (
          <section
            aria-labelledby="nivel-titulo"
            className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
          >
            <h2 id="nivel-titulo" className="font-display text-lg font-bold text-fg">
              Seu nível: {mine.data.level.level}
            </h2>
            <progress
              className="mt-3 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-3 [&::-webkit-progress-value]:bg-accent"
              value={mine.data.level.xpInLevel}
              max={mine.data.level.xpForLevel}
              aria-label={`Progresso do nível ${mine.data.level.level}`}
            />
            <p className="mt-2 text-sm text-muted">
              {mine.data.level.xpInLevel} de {mine.data.level.xpForLevel} XP · faltam{' '}
              {mine.data.level.xpToNext} XP para o nível {mine.data.level.level + 1} ({mine.data.level.xp} XP
              no total)
            </p>
          </section>
        )
      )}

      <ButtonLink to={paths.profile} className="self-start">
        Ver Meu Progresso
      </ButtonLink>
    </div>
  );
}

function RequirementList({
  requirements,
  showProgress,
}: {
  requirements: Requirement[];
  showProgress: boolean;
}) {
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {requirements.map((r) => (
        <li key={r.label} className="flex items-start gap-3 text-sm">
          {showProgress && r.met ? (
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          ) : (
            <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-subtle" />
          )}
          <div className="min-w-0 flex-1">
            <p className={cn('text-fg')}>
              {r.label}
              {showProgress && <span className="sr-only">{r.met ? ' (cumprido)' : ' (pendente)'}</span>}
            </p>
            {showProgress && r.progress && (
              <>
                <progress
                  className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-3 [&::-webkit-progress-value]:bg-accent"
                  value={r.progress.current}
                  max={r.progress.target}
                  aria-label={r.label}
                />
                <p className="mt-0.5 text-xs text-muted">
                  {r.progress.current} de {r.progress.target}
                </p>
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
