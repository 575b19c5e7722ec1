import { MAX_PHOTOS } from '@shared/listings';
import { paths } from '@shared/paths';
import { REPORT_REVIEW_BUSINESS_HOURS, TRUSTED_SELLER_MIN_RATING } from '@shared/policies';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { feeExample, feeRate, formatHours, sealFeeNote } from '@web/features/policies/figures';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const trustedRating = TRUSTED_SELLER_MIN_RATING.toLocaleString('pt-BR', { minimumFractionDigits: 1 });

/** The FAQ (part 2 §2 'Help center'): intermediation, selling, instant delivery, accepted games, ratings, fees, reporting. */
export const faqQuestions: readonly { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'intermediacao',
    question: 'Como funciona a intermediação segura?',
    answer: (
      <>
        <p>
          Comprador e vendedor entram numa sala com um intermediador da equipe. O vendedor confirma o valor, o
          comprador paga e o pagamento fica <strong>retido pela plataforma</strong>. O vendedor entrega o
          item, o comprador confirma o recebimento e só então o intermediador libera o pagamento ao vendedor
          via PIX.
        </p>
        <p className="mt-2">
          Se o comprador não se manifestar em até {formatHours(TRADE_TIMERS.buyerConfirmationHours)} após a
          entrega, ela é considerada confirmada. Os prazos de cada etapa estão nas{' '}
          <Link to={`${paths.salesPolicies}#prazos`}>Políticas de Vendas</Link>.
        </p>
        <p className="mt-2">
          Na compra de uma <strong>conta</strong>, o pagamento ao vendedor fica retido por mais{' '}
          {TRADE_TIMERS.accountWarrantyDays} dias depois da sua confirmação: é a garantia da conta. Se ela for
          recuperada pelo vendedor ou você perder o acesso nesse período, abra uma disputa na sala da
          intermediação.
        </p>
      </>
    ),
  },
  {
    id: 'vender',
    question: 'Como eu vendo um item?',
    answer: (
      <p>
        Entre na sua conta e use <Link to={paths.publish}>Publicar Produto</Link>: escolha o jogo e o tipo
        (item, moeda, conta, skin ou raro), escreva uma descrição honesta, defina preço e estoque e envie até{' '}
        {MAX_PHOTOS} fotos. O anúncio aparece no marketplace na hora. Quando alguém quiser comprar, a venda
        segue pela intermediação.
      </p>
    ),
  },
  {
    id: 'entrega-automatica',
    question: 'Como funciona a entrega automática?',
    answer: (
      <>
        <p>
          Anúncios com o selo <strong>Entrega automática</strong> (itens, moedas/recargas e contas) entregam
          um código — chave, gift card, PIN ou login —{' '}
          <strong>segundos depois que o pagamento é confirmado</strong>, mesmo de madrugada. O código aparece
          na sala da intermediação: clique em Mostrar código. Cada visualização fica registrada.
        </p>
        <p className="mt-2">
          O pagamento continua retido como em qualquer compra. Use o código antes de confirmar o recebimento;
          se ele não funcionar, <strong>abra uma disputa antes de confirmar</strong>. A equipe lê o código
          entregue e decide. Se o reembolso sair depois que você viu o código, ele é inutilizado e não volta à
          venda.
        </p>
        <p className="mt-2">
          Vendedor: ative a opção ao publicar e cadastre os códigos na página Códigos do anúncio, colando um
          por linha ou enviando um arquivo CSV/TXT. O estoque é o número de códigos disponíveis; sem códigos,
          o anúncio fica pausado. Veja as regras nas{' '}
          <Link to={`${paths.salesPolicies}#entrega-automatica`}>Políticas de Vendas</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'jogos',
    question: 'Quais jogos são aceitos?',
    answer: (
      <p>
        CS2, League of Legends, Valorant, Dota 2, Fortnite, PUBG, Free Fire e muitos outros. A lista completa,
        com o número de anúncios de cada jogo, está no menu lateral e no{' '}
        <Link to={paths.marketplace}>marketplace</Link>. Não encontrou o seu jogo? Anuncie na categoria
        “Outros”.
      </p>
    ),
  },
  {
    id: 'avaliacoes',
    question: 'Como funcionam as avaliações?',
    answer: (
      <p>
        Depois de uma compra concluída, o comprador avalia o vendedor com uma nota de 1 a 5 estrelas e um
        comentário. A média aparece no perfil e nos anúncios do vendedor; com {trustedRating} estrelas ou
        mais, ele é considerado um vendedor confiável.
      </p>
    ),
  },
  {
    id: 'taxas',
    question: 'Quais são as taxas?',
    answer: (
      <p>
        A plataforma cobra <strong>{feeRate}</strong> do valor final da venda ({sealFeeNote}), descontados do
        que o vendedor recebe. O comprador não paga taxa extra. Exemplo: numa venda de {feeExample.price}, a
        taxa é de {feeExample.fee} e o vendedor recebe {feeExample.sellerShare}, em até{' '}
        {formatHours(TRADE_TIMERS.releaseHours)} após a confirmação da entrega. Publicar anúncios é grátis.
      </p>
    ),
  },
  {
    id: 'denunciar',
    question: 'Como denuncio um golpe ou um conteúdo proibido?',
    answer: (
      <p>
        Nos posts da <Link to={paths.community}>comunidade</Link>, use a opção Denunciar do próprio post. Para
        um anúncio ou um usuário, fale com a equipe por um dos canais acima, com o link e o que aconteceu.
        Cada denúncia é analisada em até {REPORT_REVIEW_BUSINESS_HOURS} horas úteis, e as penalidades estão
        nas <Link to={`${paths.salesPolicies}#penalidades`}>Políticas de Vendas</Link>.
      </p>
    ),
  },
];

export function FaqAccordion() {
  return (
    <Accordion type="single" collapsible className="rounded-2xl border border-line bg-surface">
      {faqQuestions.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent className="[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_strong]:text-fg">
            {item.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
