import { formatPrice } from '@shared/money';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import {
  BUG_BOUNTY_MAX_CENTS,
  REPORT_REVIEW_BUSINESS_HOURS,
  SECURITY_INVESTIGATION_HOURS,
} from '@shared/policies';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { SecurityContactLine } from '@web/features/help/SecurityContactLine';
import { formatHours } from '@web/features/policies/figures';
import { PolicyPage, type PolicySection } from '@web/features/policies/PolicyPage';
import { Link } from 'react-router';

const sections: PolicySection[] = [
  {
    id: 'protecao',
    title: 'Como protegemos suas negociações',
    body: (
      <ul>
        <li>
          Na <strong>intermediação protegida</strong>, o pagamento fica retido pela plataforma e só é liberado
          ao vendedor depois que o comprador confirma a entrega (ou após{' '}
          {formatHours(TRADE_TIMERS.buyerConfirmationHours)} sem manifestação).
        </li>
        <li>
          Cada etapa só pode ser concluída por quem tem o papel certo: vendedor, comprador ou intermediador.
        </li>
        <li>Senhas são guardadas apenas como hash, e tentativas repetidas de login são bloqueadas.</li>
      </ul>
    ),
  },
  {
    id: 'golpes',
    title: 'Golpes mais comuns',
    body: (
      <ul>
        <li>
          <strong>Negociar por fora:</strong> quem pede para pagar direto por PIX, fora da intermediação, quer
          escapar da proteção. Recuse.
        </li>
        <li>
          <strong>Comprovante falso:</strong> nunca entregue um item por causa de um print de pagamento.
          Espere a confirmação do pagamento na plataforma.
        </li>
        <li>
          <strong>Falso suporte:</strong> a equipe nunca pede sua senha, código de verificação ou pagamento
          por mensagem privada.
        </li>
        <li>
          <strong>Links falsos:</strong> confira se o endereço é do Mercado Gamer antes de entrar com a sua
          senha.
        </li>
        <li>
          <strong>Recuperação de conta vendida:</strong> ao comprar uma conta, troque e-mail, senha e dados de
          recuperação assim que recebê-la.
        </li>
      </ul>
    ),
  },
  {
    id: 'sua-conta',
    title: 'Proteja sua conta',
    body: (
      <ul>
        <li>Use uma senha longa e exclusiva para o Mercado Gamer.</li>
        <li>Não compartilhe sua conta nem seus códigos com ninguém, nem com quem diz ser da equipe.</li>
        <li>Saia da conta em computadores de uso compartilhado.</li>
      </ul>
    ),
  },
  {
    id: 'denuncias',
    title: 'Denúncias',
    body: (
      <p>
        Viu um golpe, um anúncio proibido ou um comportamento abusivo? Denuncie. Cada denúncia é analisada
        pela equipe em até <strong>{REPORT_REVIEW_BUSINESS_HOURS} horas úteis</strong>. Veja como denunciar na{' '}
        <Link to={`${paths.help}#perguntas`}>Central de Ajuda</Link>.
      </p>
    ),
  },
  {
    id: 'incidentes',
    title: 'Incidentes de segurança',
    body: (
      <p>
        Se você suspeita que sua conta foi invadida ou que houve uma falha de segurança, avise{' '}
        <SecurityContactLine byEmail="pelo e-mail" byTicket="abrindo um chamado na Central de Ajuda" />.
        Incidentes começam a ser investigados em até{' '}
        <strong>{formatHours(SECURITY_INVESTIGATION_HOURS)}</strong>.
      </p>
    ),
  },
  {
    id: 'bug-bounty',
    title: 'Programa de recompensas (bug bounty)',
    body: (
      <>
        <p>
          Encontrou uma vulnerabilidade? Relate-a de forma responsável{' '}
          <SecurityContactLine byEmail="para" byTicket="em um chamado na Central de Ajuda" /> e receba uma
          recompensa de até <strong>{formatPrice(BUG_BOUNTY_MAX_CENTS)}</strong>, conforme a gravidade e a
          qualidade do relato.
        </p>
        <ul>
          <li>Descreva os passos para reproduzir a falha e o impacto possível.</li>
          <li>Não acesse, altere nem apague dados de outros usuários além do mínimo para provar a falha.</li>
          <li>Não faça ataques de negação de serviço, spam ou engenharia social contra usuários e equipe.</li>
          <li>Não divulgue a falha antes de ela ser corrigida.</li>
        </ul>
      </>
    ),
  },
];

/** '/seguranca', the Security Center (part 2 §9: investigation within 1 hour, bug bounty up to R$ 5.000). */
export default function SecurityPage() {
  return (
    <PolicyPage
      documentTitle={pageMeta['/seguranca'].title}
      eyebrow="Central de Segurança"
      title="Segurança"
      lead={
        <p>
          Como a intermediação protege o seu dinheiro, os golpes para evitar e como relatar um problema de
          segurança.
        </p>
      }
      sections={sections}
    />
  );
}
