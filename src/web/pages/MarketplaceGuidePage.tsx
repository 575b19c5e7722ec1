import { MAX_PHOTOS } from '@shared/listings';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { SELLER_REPLY_HOURS, TRUSTED_SELLER_MIN_RATING } from '@shared/policies';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { feeRate, formatHours, sealFeeNote } from '@web/features/policies/figures';
import { PolicyPage, type PolicySection } from '@web/features/policies/PolicyPage';
import { Link } from 'react-router';

const trustedRating = TRUSTED_SELLER_MIN_RATING.toLocaleString('pt-BR', { minimumFractionDigits: 1 });

const sections: PolicySection[] = [
  {
    id: 'como-funciona',
    title: 'Como o marketplace funciona',
    body: (
      <ol>
        <li>
          O vendedor <Link to={paths.publish}>publica um anúncio</Link> com fotos, preço e estoque.
        </li>
        <li>
          O comprador encontra o item no <Link to={paths.marketplace}>marketplace</Link>, pela busca ou pela
          categoria do jogo, e tira dúvidas com o vendedor.
        </li>
        <li>
          Os dois fecham a compra pela <strong>intermediação protegida</strong>: o pagamento fica retido até a
          entrega ser confirmada.
        </li>
        <li>Depois da entrega, o comprador avalia o vendedor de 1 a 5 estrelas.</li>
      </ol>
    ),
  },
  {
    id: 'compradores',
    title: 'Para compradores',
    body: (
      <ul>
        <li>Leia a descrição inteira e veja as fotos antes de comprar. Na dúvida, pergunte.</li>
        <li>
          Prefira <strong>vendedores confiáveis</strong>: com avaliação média de {trustedRating} estrelas ou
          mais e histórico de vendas concluídas.
        </li>
        <li>
          Pague em até {formatHours(TRADE_TIMERS.paymentHours)} depois que o vendedor confirmar o valor, ou a
          negociação é cancelada.
        </li>
        <li>
          Confira o item e confirme a entrega. Se algo estiver errado, avise antes de{' '}
          {formatHours(TRADE_TIMERS.buyerConfirmationHours)}: depois desse prazo sem resposta, a entrega é
          considerada confirmada.
        </li>
        <li>Nunca pague nem negocie fora da plataforma.</li>
      </ul>
    ),
  },
  {
    id: 'vendedores',
    title: 'Para vendedores',
    body: (
      <ul>
        <li>
          Responda aos compradores em até <strong>{formatHours(SELLER_REPLY_HOURS)}</strong>. Respostas
          rápidas vendem mais.
        </li>
        <li>Use fotos reais (até {MAX_PHOTOS} por anúncio) e uma descrição completa e honesta.</li>
        <li>
          Confirme o valor em até {formatHours(TRADE_TIMERS.valueConfirmationHours)} e marque a entrega em até{' '}
          {formatHours(TRADE_TIMERS.deliveryMarkHours)} após o pagamento.
        </li>
        <li>
          A taxa é de {feeRate} sobre a venda ({sealFeeNote}), e o valor chega via PIX em até{' '}
          {formatHours(TRADE_TIMERS.releaseHours)} após a confirmação da entrega.
        </li>
        <li>
          Conheça as <Link to={paths.salesPolicies}>Políticas de Vendas</Link> e as penalidades.
        </li>
      </ul>
    ),
  },
  {
    id: 'reputacao',
    title: 'Reputação e avaliações',
    body: (
      <p>
        Só quem concluiu uma compra pode avaliar o vendedor, com uma nota de 1 a 5 estrelas e um comentário. A
        média aparece no perfil e nos anúncios. Um vendedor com {trustedRating} estrelas ou mais é considerado
        confiável.
      </p>
    ),
  },
  {
    id: 'ajuda',
    title: 'Precisa de ajuda?',
    body: (
      <p>
        Fale com a equipe pela <Link to={paths.help}>Central de Ajuda</Link> e veja as dicas de{' '}
        <Link to={paths.security}>Segurança</Link>.
      </p>
    ),
  },
];

/** '/guia-marketplace' (part 2 §9: reply within 2 hours; a trusted seller has 4.5 stars or more). */
export default function MarketplaceGuidePage() {
  return (
    <PolicyPage
      documentTitle={pageMeta['/guia-marketplace'].title}
      eyebrow="Guias"
      title="Guia do Marketplace"
      lead={<p>Tudo o que você precisa saber para comprar e vender com segurança, passo a passo.</p>}
      sections={sections}
    />
  );
}
