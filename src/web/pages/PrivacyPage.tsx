import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { MIN_AGE } from '@shared/policies';
import { SupportContactLine } from '@web/features/help/SupportContactLine';
import { PolicyPage, type PolicySection } from '@web/features/policies/PolicyPage';
import { Link } from 'react-router';

const sections: PolicySection[] = [
  {
    id: 'dados-coletados',
    title: 'Dados que coletamos',
    body: (
      <>
        <p>Coletamos apenas o necessário para a plataforma funcionar com segurança:</p>
        <ul>
          <li>
            <strong>Cadastro:</strong> e-mail, apelido e senha. A senha é guardada apenas como hash, nunca em
            texto legível.
          </li>
          <li>
            <strong>O que você publica:</strong> anúncios, fotos, preços, posts e comentários na comunidade,
            denúncias e, se você informar, um número de WhatsApp para contato.
          </li>
          <li>
            <strong>Negociações:</strong> valores, etapas e datas das intermediações, e as chaves PIX que você
            cadastrar para receber.
          </li>
          <li>
            <strong>Dados técnicos:</strong> endereço IP, data e hora de acesso e tipo de navegador, usados
            para proteger sua conta contra acessos indevidos e limitar tentativas abusivas.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'uso',
    title: 'Como usamos seus dados',
    body: (
      <ul>
        <li>Manter sua conta, seus anúncios e suas negociações funcionando.</li>
        <li>Intermediar pagamentos e repasses, e cumprir obrigações legais e fiscais.</li>
        <li>Prevenir fraudes, investigar denúncias e aplicar os Termos de Uso.</li>
        <li>Avisar você sobre a sua conta e as suas negociações.</li>
      </ul>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Compartilhamento',
    body: (
      <>
        <p>
          <strong>Não vendemos seus dados pessoais</strong>, para ninguém. Outros usuários veem só o que é
          público no seu perfil e nos seus anúncios (apelido, avaliações, itens anunciados).
        </p>
        <p>
          Compartilhamos dados apenas com prestadores que nos ajudam a operar o serviço (hospedagem e
          processamento de pagamentos), sob contrato e para essa finalidade, ou quando uma lei ou ordem
          judicial exigir.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <ul>
        <li>
          <strong>Cookie de sessão</strong> (essencial): mantém você conectado. Sem ele não é possível entrar
          na conta.
        </li>
        <li>
          <strong>Cookie de preferência</strong>: lembra se o menu lateral está aberto ou recolhido, por 7
          dias.
        </li>
        <li>Não usamos cookies de publicidade nem de rastreamento de terceiros.</li>
      </ul>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos',
    body: (
      <p>
        Guardamos seus dados enquanto sua conta existir. Ao encerrá-la, apagamos ou anonimizamos os dados
        pessoais, exceto o que a lei nos obriga a manter: registros de acesso por 6 meses (Marco Civil da
        Internet, art. 15) e registros de transações financeiras pelo prazo exigido pela legislação fiscal.
      </p>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos (LGPD)',
    body: (
      <>
        <p>Pela Lei Geral de Proteção de Dados (Lei 13.709/2018), você pode a qualquer momento:</p>
        <ul>
          <li>confirmar se tratamos seus dados e acessá-los;</li>
          <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
          <li>pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários;</li>
          <li>pedir a portabilidade dos seus dados;</li>
          <li>saber com quem compartilhamos seus dados;</li>
          <li>revogar um consentimento dado.</li>
        </ul>
        <p>
          Para exercer qualquer um desses direitos, <SupportContactLine />. Você também pode reclamar à
          Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </>
    ),
  },
  {
    id: 'menores',
    title: 'Menores de idade',
    body: (
      <p>
        O Mercado Gamer é destinado a maiores de {MIN_AGE} anos, como dizem os{' '}
        <Link to={`${paths.terms}#elegibilidade`}>Termos de Uso</Link>. Não coletamos conscientemente dados de
        menores; se soubermos de uma conta de menor, ela será encerrada e os dados, apagados.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações desta política',
    body: (
      <p>
        Quando esta política mudar, a data de “Última atualização” no topo da página muda junto. Mudanças
        importantes também serão avisadas na plataforma.
      </p>
    ),
  },
];

/** '/privacidade' (part 2 §2 'Static pages'). */
export default function PrivacyPage() {
  return (
    <PolicyPage
      documentTitle={pageMeta['/privacidade'].title}
      eyebrow="Políticas"
      title="Política de Privacidade"
      lead={<p>Quais dados coletamos, por que, por quanto tempo e como você controla cada um deles.</p>}
      sections={sections}
    />
  );
}
