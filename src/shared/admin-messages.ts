import { paths, withQuery } from './paths';

/** What the staff panel says (part 2 §2 "Admin login", "Admin panel", §5, §8): pt-BR, verbatim where the spec has it. */
export const adminMessages = {
  // Admin login (§8)
  loginNoRole: 'Você não tem permissões de administrador',
  loginRoleCheckFailed: 'Erro ao verificar permissões de administrador',
  loginFailedInline: 'Erro ao fazer login',
  loginFailedTitle: 'Erro no login',
  loginFailedFallback: 'Credenciais inválidas ou sem permissão',
  loginSuccess: 'Login realizado com sucesso!',
  loginWelcome: (email: string) => `Bem-vindo ao painel administrativo, ${email}`,
  // Admin panel (§2)
  checking: 'Verificando permissões administrativas...',
  denied: 'Acesso Negado',
  redirecting: 'Redirecionando para o login administrativo...',
  logoutSuccess: 'Logout realizado com sucesso',
  logoutSuccessDetail: 'Você foi desconectado do painel administrativo',
  logoutFailed: 'Erro ao fazer logout',
  logoutFailedFallback: 'Tente novamente',
  // Usuários (§5, §8)
  staffLoadFailed: 'Falha ao carregar administradores',
  staffAddFailed: 'Falha ao adicionar administrador',
  staffRemoveFailed: 'Falha ao remover administrador',
  staffAdded: 'Administrador adicionado com sucesso!',
  staffRemoved: 'Administrador removido com sucesso!',
  staffRoleChanged: 'Função atualizada com sucesso!',
  staffRoleChangeFailed: 'Falha ao atualizar função',
  staffRemoveConfirm: 'Tem certeza que deseja remover este administrador?',
  staffUserRequired: 'Selecione um usuário',
  staffUserNotFound: 'Usuário não encontrado.',
  staffAlreadyStaff: 'Este usuário já faz parte da equipe.',
  staffNotStaff: 'Este usuário não faz parte da equipe.',
  staffSelf: 'Você não pode remover nem rebaixar a si mesmo.',
  staffLastAdmin: 'O último administrador não pode ser removido nem rebaixado.',
  staffLastAdminAccount:
    'Você é o último administrador: adicione outro administrador antes de excluir a sua conta.',
  // The reason in a trade's history when its intermediary leaves (releaseHeldTrades)
  handBackStaffRemoved: 'o intermediador deixou a equipe',
  handBackAccountDeleted: 'o intermediador excluiu a própria conta',
  // Auditoria, Sistema
  auditLoadFailed: 'Falha ao carregar o registro de auditoria',
  systemLoadFailed: 'Falha ao carregar as informações do sistema',
  overviewLoadFailed: 'Falha ao carregar a visão geral',
  // Sistema's dead letters (decision 021): what an admin does with a job that failed its last try
  deadLetterRetry: 'Tentar de novo',
  deadLetterDiscard: 'Descartar',
  deadLetterRetried: 'Tarefa enviada de novo.',
  deadLetterDiscarded: 'Tarefa descartada.',
  deadLetterDiscardConfirm: 'Descartar esta tarefa? Ela não será tentada de novo.',
  deadLetterGone:
    'Esta tarefa já foi tentada de novo ou descartada por alguém da equipe. Atualize a página para ver a lista atual.',
} as const;

export const staffRoleLabels = { admin: 'Administrador', moderator: 'Moderador' } as const;

/** Visão Geral's names for a trade event in the recent activity. */
export const tradeEventActivityLabels: Record<string, string> = {
  opened: 'negociação iniciada',
  value_confirmed: 'valor confirmado',
  payment_confirmed: 'pagamento confirmado',
  delivery_marked: 'entrega marcada',
  delivery_confirmed: 'entrega confirmada',
  delivery_auto_confirmed: 'entrega confirmada automaticamente',
  released: 'pagamento liberado',
  cancelled: 'cancelada',
  expired: 'expirada',
  dispute_opened: 'disputa aberta',
  dispute_released: 'disputa decidida: liberado',
  dispute_refunded: 'disputa decidida: reembolsado',
  refunded: 'reembolsada',
  staff_assigned: 'intermediador designado',
  flagged: 'prazo vencido',
  credentials_revealed: 'dados de acesso revelados',
  evidence_added: 'prova enviada',
};

export const overviewAlertLabels = {
  overdue_disputes: 'Disputas fora do prazo de decisão (48 horas úteis)',
  payouts_due: 'Repasses aos vendedores pendentes',
  payout_mismatches: 'Diferenças entre o PSP e o livro-razão nos repasses (conciliação diária)',
  disputes: 'Disputas abertas',
  overdue_trades: 'Negociações com prazo vencido aguardando a equipe',
  old_reports: 'Denúncias pendentes há mais de 48 horas úteis',
  old_tickets: 'Chamados abertos há mais de 24 h',
} as const;

/** The button on each alert: what it opens (the queue it counts, filtered on it). */
export const overviewAlertActions = {
  overdue_disputes: {
    label: 'Ver disputas atrasadas',
    to: withQuery(paths.admin('intermediacoes'), { status: 'overdue_dispute' }),
  },
  payouts_due: { label: 'Abrir repasses', to: paths.admin('repasses') },
  payout_mismatches: { label: 'Conferir repasses', to: paths.admin('repasses') },
  disputes: { label: 'Ver disputas', to: withQuery(paths.admin('intermediacoes'), { status: 'dispute' }) },
  overdue_trades: {
    label: 'Ver prazos vencidos',
    to: withQuery(paths.admin('intermediacoes'), { status: 'flagged' }),
  },
  old_reports: { label: 'Ver denúncias', to: withQuery(paths.admin('denuncias'), { status: 'pendente' }) },
  old_tickets: { label: 'Ver chamados', to: withQuery(paths.admin('suporte'), { status: 'open' }) },
} as const;
