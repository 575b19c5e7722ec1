import { Handshake, type LucideIcon, ShieldCheck, Zap } from 'lucide-react';
import { Link } from 'react-router';

/** 'Proteção Mercado Gamer' (part 1 §2): what a buyer can count on, with the way to the secure trade. */
export function ProtectionBlock() {
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
        to="/intermediacao"
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
