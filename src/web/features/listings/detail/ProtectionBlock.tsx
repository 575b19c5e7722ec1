import { paths } from '@shared/paths';
import { warrantyListingKinds } from '@shared/trade-process';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { Handshake, type LucideIcon, ShieldCheck, TimerReset, Zap } from 'lucide-react';
import { Link } from 'react-router';

/**
 * 'Proteção Mercado Gamer' (part 1 §2): what a buyer can count on, with the way to the secure trade. An account
 * (a kind with a warranty window) adds the warranty: the payout waits that many days after the confirmation.
 */
export function ProtectionBlock({ kind }: { kind: string }) {
  const hasWarranty = warrantyListingKinds.includes(kind);
  return (
    <section
      aria-labelledby="protecao-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <h2 id="protecao-titulo" className="font-display text-lg font-bold text-fg">
        Proteção Mercado Gamer
      </h2>
      <ul className="mt-4 flex flex-col gap-4">
        <Guarantee
          icon={ShieldCheck}
          title="Compra Protegida"
          text="Com a intermediação, o vendedor só recebe depois que você confirma a entrega."
        />
        {hasWarranty && (
          <Guarantee
            icon={TimerReset}
            title={`Garantia de ${TRADE_TIMERS.accountWarrantyDays} dias na conta`}
            text={`Depois que você confirma o recebimento, o pagamento ao vendedor fica retido por mais ${TRADE_TIMERS.accountWarrantyDays} dias. Se a conta for recuperada pelo vendedor nesse período, abra uma disputa na intermediação.`}
          />
        )}
        <Guarantee
          icon={Zap}
          title="Entrega Digital"
          text="Itens, contas e moedas são entregues no jogo ou por mensagem, sem frete."
        />
        <Guarantee
          icon={Handshake}
          title="Intermediação"
          text="Nossa equipe acompanha a negociação do começo ao fim."
        />
      </ul>
      <Link
        to={paths.intermediation}
        className="mt-4 inline-block text-sm font-semibold text-accent hover:underline"
      >
        Saiba como funciona a intermediação
      </Link>
    </section>
  );
}

function Guarantee({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
        <Icon aria-hidden className="size-4" />
      </span>
      <div>
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        <p className="mt-0.5 text-sm text-muted">{text}</p>
      </div>
    </li>
  );
}
