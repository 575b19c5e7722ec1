// Kept apart from the zod schemas so pages can show these texts without loading zod.
/** Texts of the seller's payout identity ('Dados para recebimento', issue 36): all ours, in the spec's voice. */
export const payoutIdentityMessages = {
  title: 'Dados para recebimento',
  intro:
    'Os repasses das suas vendas só vão para chaves PIX do seu CPF ou CNPJ. Informe o nome completo e o documento do titular: o banco confere que a chave pertence a ele.',
  empty: 'Você ainda não informou seus dados para recebimento.',
  nameLabel: 'Nome completo do titular',
  documentLabel: 'CPF ou CNPJ',
  documentHelp: 'Com ou sem pontuação. O CNPJ pode ter letras (formato alfanumérico).',
  save: 'Salvar dados',
  change: 'Alterar',
  cancel: 'Cancelar',
  saved: 'Dados para recebimento salvos',
  since: (when: string) => `Atualizados em ${when}`,
  confirmFirst:
    'Os repasses das suas vendas só irão para chaves PIX deste documento. Confirme que é você para salvar.',
  confirmChange:
    'Os próximos repasses só irão para chaves PIX do novo documento. Confirme que é você para alterar.',
  nameRequired: 'Digite o nome completo do titular',
  nameShort: 'Digite o nome e o sobrenome do titular, como no documento',
  nameTooLong: (max: number) => `Máximo de ${max} caracteres`,
  documentRequired: 'Digite o CPF ou o CNPJ',
  documentInvalid: 'CPF ou CNPJ inválido: confira os números (os dígitos verificadores não conferem)',
  documentTaken:
    'Este CPF ou CNPJ já está cadastrado em outra conta do Mercado Gamer. Cada documento recebe repasses em uma só conta; se a outra conta é sua, use-a, ou fale com o suporte.',
  /** Adding a CPF/CNPJ PIX key that is not the recorded document. */
  keyNotDocument: (document: string) =>
    `A chave PIX CPF ou CNPJ precisa ser o documento dos seus dados para recebimento (${document}). Use uma chave do seu próprio documento.`,
  /** Recording a document while the member holds CPF/CNPJ keys of another document. */
  keysOfOtherDocument: (keys: string) =>
    `Você tem chaves PIX de outro CPF ou CNPJ (${keys}). Os repasses só vão para chaves do seu documento: exclua-as em Chaves PIX antes de salvar.`,
  loginRequired: 'Entre na sua conta para informar seus dados para recebimento',
  notChanged: 'Seus dados para recebimento não foram alterados.',
  passwordWrong: 'Senha incorreta. Seus dados para recebimento não foram alterados.',
  codeWrong: 'Código inválido. Seus dados para recebimento não foram alterados.',
  noPassword:
    'Sua conta entra pelo Discord e não tem senha. Use "Esqueci minha senha" para criar uma antes de informar seus dados para recebimento.',
  mailSubjectSet: 'Seus dados para recebimento foram cadastrados',
  mailSubjectChanged: 'Seus dados para recebimento foram alterados',
  staffTitle: 'Dados para recebimento',
  staffNone: 'Não informados',
  staffMasked: 'Documento mascarado: só administradores veem o número inteiro.',
} as const;
