import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@shared/listings';
import { formatPrice, MAX_PRICE_CENTS } from '@shared/money';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { MIN_AGE } from '@shared/policies';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { SupportContactLine } from '@web/features/help/SupportContactLine';
import { feeRate, formatHours, sealFeeNote } from '@web/features/policies/figures';
import { PolicyPage, type PolicySection } from '@web/features/policies/PolicyPage';
import { Link } from 'react-router';

const photoMegabytes = MAX_PHOTO_BYTES / (1024 * 1024);

const sections: PolicySection[] = [
  {
    id: 'aceitacao',
    title: 'Aceitação dos termos',
    body: (
      <>
        <p>
          Estes Termos de Uso regem o acesso e o uso do Mercado Gamer, um marketplace para comprar e vender
          itens, contas, moedas e skins de jogos. Ao criar uma conta ou usar qualquer parte do site, você
          declara que leu, entendeu e concorda com estes termos e com a nossa{' '}
          <Link to={paths.privacy}>Política de Privacidade</Link>.
        </p>
        <p>Se você não concorda com alguma regra, não use a plataforma.</p>
      </>
    ),
  },
  {
    id: 'elegibilidade',
    title: 'Quem pode usar',
    body: (
      <ul>
        <li>
          Você precisa ter <strong>{MIN_AGE} anos ou mais</strong> para criar uma conta, comprar ou vender.
        </li>
        <li>
          Cada pessoa pode manter <strong>uma única conta</strong>. Contas múltiplas, inclusive para avaliar a
          si mesmo ou fugir de uma penalidade, são proibidas e podem ser encerradas.
        </li>
        <li>
          Os dados do cadastro precisam ser verdadeiros, e você é responsável por manter sua senha em sigilo e
          por tudo o que for feito com a sua conta.
        </li>
      </ul>
    ),
  },
  {
    id: 'anuncios',
    title: 'Anúncios e itens permitidos',
    body: (
      <>
        <p>
          Só é permitido anunciar <strong>itens legítimos</strong>: itens, contas, moedas e skins que você
          obteve de forma legal e que tem o direito de transferir. O anúncio precisa descrever o item com
          fidelidade, com o preço, a quantidade disponível e fotos reais.
        </p>
        <ul>
          <li>
            Cada anúncio aceita até {MAX_PHOTOS} fotos de até {photoMegabytes} MB cada e um preço de até{' '}
            {formatPrice(MAX_PRICE_CENTS)}.
          </li>
          <li>
            Itens obtidos por fraude, hack, chargeback ou roubo de conta são proibidos, assim como qualquer
            conteúdo ilegal, ofensivo ou enganoso.
          </li>
          <li>
            As regras completas e as penalidades estão nas{' '}
            <Link to={paths.salesPolicies}>Políticas de Vendas</Link>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'intermediacao',
    title: 'O papel da plataforma',
    body: (
      <>
        <p>
          O Mercado Gamer <strong>atua como intermediador</strong> entre comprador e vendedor: na
          intermediação protegida, o pagamento do comprador fica retido pela plataforma e só é liberado ao
          vendedor depois que a entrega é confirmada.
        </p>
        <ul>
          <li>
            A plataforma cobra uma taxa de <strong>{feeRate}</strong> sobre o valor final da venda (
            {sealFeeNote}), fixada quando a negociação é aberta e descontada do valor que o vendedor recebe. O
            comprador paga apenas o preço combinado.
          </li>
          <li>
            A negociação segue prazos fixos: o vendedor confirma o valor em até{' '}
            {formatHours(TRADE_TIMERS.valueConfirmationHours)}, o comprador paga em até{' '}
            {formatHours(TRADE_TIMERS.paymentHours)} e, se não se manifestar em até{' '}
            {formatHours(TRADE_TIMERS.buyerConfirmationHours)} após a entrega, a entrega é considerada
            confirmada. Os detalhes estão nas{' '}
            <Link to={`${paths.salesPolicies}#prazos`}>Políticas de Vendas</Link>.
          </li>
          <li>Negociações feitas fora da plataforma, por fora da intermediação, não têm a nossa proteção.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'condutas',
    title: 'Condutas proibidas',
    body: (
      <ul>
        <li>Aplicar golpes, se passar por outra pessoa ou pela equipe do Mercado Gamer.</li>
        <li>
          Pedir pagamento ou dados pessoais fora da plataforma para escapar da intermediação ou da taxa.
        </li>
        <li>Manipular avaliações, criar anúncios duplicados ou publicar spam.</li>
        <li>Assediar, ameaçar ou discriminar outros usuários, na loja ou na comunidade.</li>
        <li>Tentar explorar falhas do site em vez de relatá-las pela nossa Central de Segurança.</li>
      </ul>
    ),
  },
  {
    id: 'jogos',
    title: 'Regras dos jogos',
    body: (
      <p>
        Cada jogo tem os seus próprios termos, e alguns proíbem a transferência de contas ou itens. O Mercado
        Gamer não é afiliado às desenvolvedoras. Antes de negociar, confira as regras do jogo: a
        responsabilidade por respeitá-las é de quem compra e de quem vende.
      </p>
    ),
  },
  {
    id: 'penalidades',
    title: 'Suspensão e encerramento de contas',
    body: (
      <p>
        Quem descumprir estes termos pode receber advertência, ter anúncios removidos, ter a conta suspensa ou
        banida, conforme a gravidade, como descrito nas{' '}
        <Link to={`${paths.salesPolicies}#penalidades`}>Políticas de Vendas</Link>. Em caso de fraude, também
        podemos colaborar com as autoridades.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações destes termos',
    body: (
      <p>
        Podemos atualizar estes termos a qualquer momento. As alterações{' '}
        <strong>entram em vigor imediatamente</strong> após a publicação nesta página, e a data de “Última
        atualização” no topo indica a versão vigente. Continuar usando a plataforma depois de uma alteração
        significa aceitá-la.
      </p>
    ),
  },
  {
    id: 'contato',
    title: 'Contato',
    body: (
      <p>
        Dúvidas sobre estes termos: <SupportContactLine />.
      </p>
    ),
  },
];

/** '/termos-uso' and '/termos' (part 2 §2 'Static pages'). */
export default function TermsPage() {
  return (
    <PolicyPage
      documentTitle={pageMeta['/termos-uso'].title}
      eyebrow="Políticas"
      title="Termos de Uso"
      lead={<p>As regras para comprar, vender e conviver no Mercado Gamer, em linguagem direta.</p>}
      sections={sections}
    />
  );
}
