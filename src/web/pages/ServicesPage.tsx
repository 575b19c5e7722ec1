import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { ButtonLink } from '@web/components/ui/button';
import { feeRate, formatHours, sealFeeRates } from '@web/features/policies/figures';
import { ArrowRight, Check, type LucideIcon, PackagePlus, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

/** '/servicos' (part 2 §2 'Static pages'): request a protected trade, or publish a product. */
export default function ServicesPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{pageMeta['/servicos'].title}</title>

      <header className="max-w-[72ch]">
        <p className="text-sm font-medium text-accent">Serviços</p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl">
          Compre e venda com proteção
        </h1>
        <p className="mt-4 text-base leading-7 text-muted">
          Anuncie seus itens de graça e feche cada negociação com um intermediador da equipe segurando o
          pagamento até a entrega.
        </p>
      </header>

      <ul aria-label="Serviços" className="mt-10 grid gap-5 md:grid-cols-2">
        <ServiceCard
          icon={ShieldCheck}
          title="Intermediação Segura"
          text="O pagamento fica retido pela plataforma e só chega ao vendedor depois que o comprador confirma a entrega."
          points={[
            `Taxa de ${feeRate} sobre a venda, paga pelo vendedor (${sealFeeRates.prata} com selo Prata, ${sealFeeRates.ouro} com Ouro)`,
            'Um intermediador da equipe acompanha cada etapa',
            `Repasse via PIX em até ${formatHours(TRADE_TIMERS.releaseHours)} após a entrega confirmada`,
          ]}
          to={paths.intermediation}
          action="Solicitar intermediação segura"
          primary
        />
        <ServiceCard
          icon={PackagePlus}
          title="Publicar Produto"
          text="Anuncie itens, contas, moedas e skins para a comunidade gamer, sem custo para publicar."
          points={[
            'Publicar é grátis: a taxa só existe quando você vende',
            'Fotos, preço e estoque editáveis a qualquer momento',
            'Compradores encontram pela busca e pela categoria do jogo',
          ]}
          to={paths.publish}
          action="Publicar produto"
        />
      </ul>

      <p className="mt-8 max-w-[72ch] text-sm leading-6 text-muted">
        Prazos, taxa e penalidades estão nas{' '}
        <Link to={paths.salesPolicies} className="font-medium text-accent underline underline-offset-4">
          Políticas de Vendas
        </Link>
        . Dúvidas? Veja a{' '}
        <Link to={paths.help} className="font-medium text-accent underline underline-offset-4">
          Central de Ajuda
        </Link>
        .
      </p>
    </div>
  );
}

function ServiceCard({
  icon: Icon,
  title,
  text,
  points,
  to,
  action,
  primary = false,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  points: readonly string[];
  to: string;
  action: string;
  primary?: boolean;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-surface p-6">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Icon aria-hidden className="size-6" />
      </span>
      <h2 className="mt-5 font-display text-xl font-semibold text-fg">{title}</h2>
      <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm text-fg/85">
        {points.map((point) => (
          <li key={point} className="flex gap-2.5">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {point}
          </li>
        ))}
      </ul>
      <ButtonLink to={to} variant={primary ? 'primary' : 'secondary'} size="lg" className="mt-6 w-full">
        {action}
        <ArrowRight aria-hidden />
      </ButtonLink>
    </li>
  );
}
