/** Texts of PIX keys and the payments page. The first two are the spec's (part 2 §8); the rest are ours. */
export const pixMessages = {
  invalidKey: 'Digite uma chave PIX válida',
  added: 'Chave PIX adicionada com sucesso!',
  invalidType: 'Escolha o tipo da chave PIX',
  duplicate: 'Esta chave PIX já está cadastrada na sua conta',
  tooMany: 'Você pode cadastrar até 5 chaves PIX. Exclua uma para adicionar outra.',
  notFound: 'Chave PIX não encontrada',
  loginRequired: 'Entre na sua conta para ver seus pagamentos',
  madeDefault: 'Chave PIX padrão atualizada',
  deleted: 'Chave PIX excluída',
  defaultKeyInUse:
    'Esta é a chave padrão que receberá o pagamento de uma intermediação aguardando liberação. Torne outra chave padrão antes de excluí-la.',
  // Changing the default key (where payouts go) is confirmed, and the owner is told by e-mail; ours.
  confirmTitle: 'Confirme que é você',
  confirmMakeDefault: 'Os próximos pagamentos das suas vendas irão para esta chave.',
  confirmFirstKey: 'Esta será sua chave padrão: os pagamentos das suas vendas irão para ela.',
  confirmDeleteDefault: 'A chave mais antiga passa a ser a padrão e receberá os próximos pagamentos.',
  confirmPasswordLabel: 'Sua senha',
  confirmCodeLabel: 'Código do aplicativo autenticador',
  confirmCodeHelp:
    'Sua conta tem a verificação em duas etapas ativa: digite o código de 6 dígitos do aplicativo.',
  confirmSubmit: 'Confirmar',
  confirmCancel: 'Cancelar',
  passwordRequired: 'Digite sua senha para confirmar',
  passwordWrong: 'Senha incorreta. A chave PIX padrão não foi alterada.',
  codeRequired: 'Digite o código de 6 dígitos do aplicativo',
  codeWrong: 'Código inválido. A chave PIX padrão não foi alterada.',
  noPassword:
    'Sua conta entra pelo Discord e não tem senha. Use "Esqueci minha senha" para criar uma antes de escolher a chave PIX padrão.',
  defaultSince: (when: string) => `Chave padrão desde ${when}`,
  mailSubject: 'Sua chave PIX padrão foi alterada',
  // The step-up locks after a few wrong answers (ours); `until` is Brasília's date and time.
  stepUpLocked: (until: string) =>
    `Muitas tentativas erradas. Por segurança, a confirmação fica bloqueada até ${until} (horário de Brasília). A chave PIX padrão não foi alterada.`,
  lockedMailSubject: 'Confirmação da chave PIX bloqueada na sua conta',
} as const;
