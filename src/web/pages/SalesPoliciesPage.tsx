import { MAX_CODES_PER_IMPORT } from '@shared/listing-codes';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@shared/listings';
import { lowOfferPercent } from '@shared/offer-constants';
import { offerMessages } from '@shared/offer-messages';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { describePenalty, SELLER_PENALTIES, TRADE_TIMERS } from '@shared/trade-rules';
import { SupportContactLine } from '@web/features/help/SupportContactLine';
import { feeExample, feeRate, formatHours, sealFeeNote } from '@web/features/policies/figures';
import { PolicyPage, type PolicySection } from '@web/features/policies/PolicyPage';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const photoMegabytes = MAX_PHOTO_BYTES / (1024 * 1024);

const deadlines = [
  {
    step: 'Confirmação do valor pelo vendedor',
    limit: `${formatHours(TRADE_TIMERS.valueConfirmationHours)} após a abertura`,
    otherwise: 'A negociação é cancelada.',
  },
  {
    step: 'Pagamento pelo comprador',
    limit: `${formatHours(TRADE_TIMERS.paymentHours)} após a confirmação do valor`,
    otherwise: 'A negociação é cancelada.',
  },
  {
    step: 'Entrega marcada pelo vendedor',
    limit: `${formatHours(TRADE_TIMERS.deliveryMarkHours)} após o pagamento`,
    otherwise: 'A equipe é alertada e entra em contato.',
  },
  {
    step: 'Confirmação da entrega pelo comprador',
    limit: `${formatHours(TRADE_TIMERS.buyerConfirmationHours)} após a entrega marcada`,
    otherwise: 'A entrega é considerada confirmada.',
  },
  {
    step: 'Repasse ao vendedor',
    limit: `${formatHours(TRADE_TIMERS.releaseHours)} após a confirmação da entrega`,
    otherwise: 'A equipe é alertada e conclui o repasse.',
  },
] as const;

const tableClass =
  'w-full border-collapse overflow-hidden rounded-xl text-left text-sm [&_td]:border-t [&_td]:border-line [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-top [&_th]:bg-surface-2 [&_th]:px-3 [&_th]:py-2.5 [&_th]:font-semibold [&_th]:text-fg';

/** A wide table scrolls inside its frame on a phone; the frame takes focus so the keyboard can scroll it. */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-accent"
    >
      {children}
    </section>
  );
}

const sections: PolicySection[] = [
  {
    id: 'permitidos',
    title: 'O que pode ser vendido',
    body: (
      <>
        <p>
          Itens, contas, moedas e skins de jogos que você obteve de forma legítima e que pode transferir. Cada
          anúncio deve corresponder a algo que você tem agora, pronto para entregar.
        </p>
        <p>
          <strong>É proibido anunciar:</strong> itens ou contas roubados ou obtidos por fraude, hack ou
          chargeback; contas de terceiros sem autorização; cheats, bots e programas que violem as regras dos
          jogos; e qualquer produto que não seja de jogos.
        </p>
      </>
    ),
  },
  {
    id: 'anuncio',
    title: 'Descrição, fotos e preço',
    body: (
      <ul>
        <li>Descreva o item como ele é: nível, servidor, itens incluídos, restrições e forma de entrega.</li>
        <li>
          Use fotos reais do item ou da conta, até {MAX_PHOTOS} por anúncio e {photoMegabytes} MB por foto.
          Não use imagens de outros anúncios.
        </li>
        <li>Mantenha o preço e o estoque atualizados; marque o anúncio como vendido quando acabar.</li>
      </ul>
    ),
  },
  {
    id: 'ofertas',
    title: 'Ofertas',
    body: (
      <ul>
        <li>
          Compradores podem oferecer outro valor pelo seu anúncio.{' '}
          <strong>Aceitar uma oferta fecha o valor da venda:</strong> a intermediação abre com esse valor já
          confirmado, uma unidade do estoque fica reservada e o comprador tem{' '}
          {formatHours(TRADE_TIMERS.paymentHours)} para pagar por PIX.
        </li>
        <li>
          Uma oferta abaixo de <strong>{lowOfferPercent} do preço anunciado</strong> é sinalizada: o comprador
          é avisado antes de enviar, e o vendedor a vê marcada como “{offerMessages.lowOfferLabel}”. Ela não é
          bloqueada: aceitar ou recusar continua sendo decisão do vendedor.
        </li>
      </ul>
    ),
  },
  {
    id: 'prazos',
    title: 'Prazos de uma venda intermediada',
    body: (
      <>
        <p>Toda intermediação segue os mesmos prazos, que valem para as duas partes:</p>
        <TableScroll label="Prazos de cada etapa da intermediação">
          <table className={tableClass}>
            <caption className="sr-only">Prazos de cada etapa da intermediação</caption>
            <thead>
              <tr>
                <th scope="col">Etapa</th>
                <th scope="col">Prazo</th>
                <th scope="col">Se não acontecer</th>
              </tr>
            </thead>
            <tbody>
              {deadlines.map((row) => (
                <tr key={row.step}>
                  <td className="text-fg">{row.step}</td>
                  <td>{row.limit}</td>
                  <td>{row.otherwise}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p id="garantia-contas" className="mt-4">
          <strong>Garantia de contas:</strong> na venda de uma conta, depois que o comprador confirma o
          recebimento, o repasse ao vendedor fica retido por{' '}
          <strong>{TRADE_TIMERS.accountWarrantyDays} dias</strong>. Nesse período o comprador ainda pode abrir
          uma disputa se a conta for recuperada pelo vendedor ou perder o acesso; sem reclamação, o repasse é
          pago em até {formatHours(TRADE_TIMERS.releaseHours)} após o fim da garantia.
        </p>
      </>
    ),
  },
  {
    id: 'entrega-automatica',
    title: 'Entrega automática',
    body: (
      <>
        <p>
          Itens, moedas/recargas e contas podem ser vendidos com <strong>entrega automática</strong>: o
          vendedor cadastra os códigos (até {MAX_CODES_PER_IMPORT.toLocaleString('pt-BR')} por vez) e cada
          compra paga recebe um deles assim que o pagamento é confirmado. Os códigos ficam guardados
          criptografados; o vendedor vê só os 4 últimos caracteres.
        </p>
        <ul>
          <li>
            O estoque do anúncio é o número de códigos disponíveis. Sem códigos, o anúncio fica pausado até
            novos serem adicionados.
          </li>
          <li>
            Um código repetido, já cadastrado no anúncio ou <strong>já vendido no Mercado Gamer</strong> é
            recusado na importação.
          </li>
          <li>
            Cada código é vendido uma vez só: fica reservado enquanto o comprador paga e volta ao estoque se a
            compra for cancelada ou expirar.
          </li>
        </ul>
        <p>
          <strong>Se o código não funcionar:</strong> o comprador abre uma disputa antes de confirmar o
          recebimento. A equipe lê o código entregue e decide como em qualquer disputa. Um reembolso depois
          que o comprador viu o código inutiliza esse código: ele não volta ao estoque. A confirmação
          automática, a garantia de contas e os prazos são os mesmos das outras vendas.
        </p>
        <p>
          Vendedores com muitos códigos contestados podem ter a entrega automática pausada pela equipe. Vender
          códigos já usados, revendidos ou obtidos por fraude é fraude.
        </p>
      </>
    ),
  },
  {
    id: 'taxa',
    title: 'Taxa e repasse',
    body: (
      <>
        <p>
          A taxa da plataforma é de <strong>{feeRate} do valor final da venda</strong> ({sealFeeNote}),
          descontada do que o vendedor recebe. O comprador não paga nenhuma taxa extra.
        </p>
        <p>
          Exemplo: numa venda de {feeExample.price}, a taxa é de {feeExample.fee} e o vendedor recebe{' '}
          <strong>{feeExample.sellerShare}</strong> via PIX, em até {formatHours(TRADE_TIMERS.releaseHours)}{' '}
          após a confirmação da entrega.
        </p>
      </>
    ),
  },
  {
    id: 'penalidades',
    title: 'Penalidades',
    body: (
      <>
        <p>Quem descumpre estas políticas recebe a penalidade correspondente à infração:</p>
        <TableScroll label="Penalidade por infração">
          <table className={tableClass}>
            <caption className="sr-only">Penalidade por infração</caption>
            <thead>
              <tr>
                <th scope="col">Infração</th>
                <th scope="col">Penalidade</th>
              </tr>
            </thead>
            <tbody>
              {SELLER_PENALTIES.map((row) => (
                <tr key={row.breach}>
                  <td className="text-fg">{row.breach}</td>
                  <td>{describePenalty(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p className="mt-4">Em caso de fraude, o pagamento retido é devolvido ao comprador.</p>
      </>
    ),
  },
  {
    id: 'recurso',
    title: 'Como contestar uma penalidade',
    body: (
      <p>
        Se você acredita que recebeu uma penalidade por engano, <SupportContactLine /> com o seu apelido e o
        que aconteceu. A equipe revisa o caso e responde pelo mesmo canal. Veja também os{' '}
        <Link to={paths.terms}>Termos de Uso</Link>.
      </p>
    ),
  },
];

/** '/politicas-vendas' (part 2 §2; the penalties of §9). */
export default function SalesPoliciesPage() {
  return (
    <PolicyPage
      documentTitle={pageMeta['/politicas-vendas'].title}
      eyebrow="Políticas"
      title="Políticas de Vendas"
      lead={
        <p>
          O que pode ser vendido, como anunciar, os prazos de cada etapa e as penalidades para quem não cumpre
          as regras.
        </p>
      }
      sections={sections}
    />
  );
}
