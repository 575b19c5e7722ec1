import { supportTicketPath } from '@shared/contact';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { useSupportContact } from '@web/features/help/api';
import { feeRate, sealFeeNote } from '@web/features/policies/figures';
import { PolicyPage, type PolicySection } from '@web/features/policies/PolicyPage';
import { Link } from 'react-router';

const sections: PolicySection[] = [
  {
    id: 'quem-somos',
    title: 'Quem somos',
    body: (
      <p>
        O Mercado Gamer é um marketplace brasileiro feito por jogadores para jogadores. Reunimos num só lugar
        quem quer vender itens, contas, moedas e skins e quem quer comprá-los, com uma regra central: nenhuma
        negociação precisa depender da boa-fé de um desconhecido.
      </p>
    ),
  },
  {
    id: 'o-que-fazemos',
    title: 'O que fazemos',
    body: (
      <ul>
        <li>
          <strong>Marketplace:</strong> anúncios de CS2, League of Legends, Valorant, Dota 2, Fortnite, PUBG,
          Free Fire e muitos outros jogos, com busca e categorias.
        </li>
        <li>
          <strong>Intermediação protegida:</strong> o pagamento fica retido até a entrega ser confirmada, com
          um intermediador da equipe acompanhando cada etapa.
        </li>
        <li>
          <strong>Comunidade:</strong> fórum, <Link to="/community-groups">grupos</Link> e o nosso{' '}
          <Link to={paths.discord}>servidor no Discord</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'valores',
    title: 'No que acreditamos',
    body: (
      <ul>
        <li>
          <strong>Transparência:</strong> uma taxa de {feeRate} sobre a venda ({sealFeeNote}), paga pelo
          vendedor, sem custos escondidos para o comprador.
        </li>
        <li>
          <strong>Segurança:</strong> regras claras, prazos iguais para todos e uma equipe que investiga
          denúncias.
        </li>
        <li>
          <strong>Comunidade:</strong> reputação construída com avaliações reais de compras concluídas.
        </li>
      </ul>
    ),
  },
  {
    id: 'contato',
    title: 'Fale com a gente',
    body: (
      <p>
        Dúvidas, sugestões ou problemas: a <Link to={paths.help}>Central de Ajuda</Link> reúne todos os nossos
        canais.
      </p>
    ),
  },
  {
    id: 'empresa',
    title: 'Quem responde pelo Mercado Gamer',
    body: <CompanyFacts />,
  },
];

/** '/sobre' (part 2 §2 'Static pages'). */
export default function AboutPage() {
  return (
    <PolicyPage
      documentTitle={pageMeta['/sobre'].title}
      eyebrow="Institucional"
      title="Sobre o Mercado Gamer"
      lead={<p>O marketplace gamer seguro para comprar e vender itens, contas e moedas.</p>}
      sections={sections}
      updatedAt={null}
    />
  );
}

/** The company as configured (COMPANY_NAME, COMPANY_CNPJ, SUPPORT_EMAIL); only the ticket form when none is set. */
function CompanyFacts() {
  const contact = useSupportContact().data;
  const facts = [
    contact?.companyName && { label: 'Empresa', value: contact.companyName },
    contact?.companyCnpj && { label: 'CNPJ', value: contact.companyCnpj },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact));
  const email = contact?.email;
  if (facts.length === 0 && !email) {
    return (
      <p>
        Para falar com a equipe, <Link to={supportTicketPath}>abra um chamado na Central de Ajuda</Link>.
      </p>
    );
  }
  return (
    <ul>
      {facts.map((fact) => (
        <li key={fact.label}>
          <strong>{fact.label}:</strong> {fact.value}
        </li>
      ))}
      {email && (
        <li>
          <strong>Contato:</strong> <a href={`mailto:${email}`}>{email}</a>
        </li>
      )}
    </ul>
  );
}
