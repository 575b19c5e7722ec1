// Kept apart from the zod schemas so pages can show these texts without loading zod.
/**
 * Profile (part 1 §5, §8) and settings (part 2 §8) texts, verbatim; the lines marked 'ours' are not in the
 * spec and are written in its voice.
 */
export const settingsMessages = {
  successTitle: 'Sucesso!',
  profileLoadFailedTitle: 'Erro ao carregar perfil',
  profileLoadFailed: 'Não foi possível carregar as informações do perfil',
  avatarUploadFailedTitle: 'Erro ao fazer upload da foto',
  avatarUploadFailed: 'Não foi possível fazer upload da imagem',
  avatarTooLargeTitle: 'Arquivo muito grande',
  avatarTooLarge: 'Máximo 5MB permitido',
  notAnImage: 'Por favor, selecione apenas arquivos de imagem.',
  profileUpdateFailedTitle: 'Erro ao atualizar perfil',
  profileUpdateFailed: 'Não foi possível atualizar o perfil',
  profileUpdated: 'Perfil atualizado com sucesso!',
  avatarUpdated: 'Foto de perfil atualizada!', // ours
  passwordChangeFailedTitle: 'Erro ao alterar senha',
  passwordChangeFailed: 'Não foi possível alterar a senha',
  passwordFieldsRequiredTitle: 'Campos obrigatórios',
  passwordFieldsRequired: 'Preencha todos os campos',
  passwordsDifferTitle: 'Senhas não coincidem',
  passwordsDiffer: 'Nova senha e confirmação não coincidem',
  passwordTooShortTitle: 'Senha muito curta',
  passwordTooShort: 'Nova senha deve ter pelo menos 6 caracteres',
  passwordChanged: 'Senha alterada com sucesso!',
  passwordChangedDetail: 'As outras sessões da sua conta foram encerradas.', // ours
  currentPasswordWrong: 'Senha atual incorreta', // ours
  noPasswordAccount:
    'Sua conta entra pelo Discord e não tem senha. Use "Esqueci minha senha" para criar uma.', // ours
  settingsSaved: 'Configurações salvas!',
  settingsSaveFailed: 'Não foi possível salvar as configurações', // ours
  pushBlocked:
    'O navegador não permitiu notificações deste site. Libere nas configurações do navegador e tente de novo.', // ours
  usernameTaken: 'Este nome de usuário já está em uso. Escolha outro.', // ours
  required: 'Campo obrigatório',
  tooLong: (max: number) => `Máximo de ${max} caracteres`,
  invalidPhone: 'Informe um telefone válido com DDD', // ours
  sessionEnded: 'Sessão encerrada', // ours
  otherSessionsEnded: 'Outras sessões encerradas', // ours
  sessionNotFound: 'Sessão não encontrada', // ours
  dataDownloaded: 'Seus dados foram baixados', // ours
  // 'Excluir conta' (LGPD), all ours
  deleteAccountTitle: 'Excluir conta',
  deleteAccountIntro: 'Esta ação é permanente e não pode ser desfeita.',
  deleteAccountRemoved:
    'Apagamos seus dados pessoais: nome, telefone, bio, foto, e-mail, chaves PIX, configurações, favoritos, notificações, histórico de login e o acesso pelo Discord. Seus anúncios são removidos, suas ofertas pendentes são retiradas e você sai de todos os dispositivos.',
  deleteAccountKept:
    'Guardamos, sem seus dados pessoais, o que a lei e a segurança das outras pessoas exigem: as negociações encerradas, com seus valores, o registro financeiro, as gravações de chamadas até o fim do prazo de retenção e o registro de auditoria. Suas publicações, comentários e mensagens continuam visíveis como "Usuário removido", e suas avaliações mantêm só a nota.',
  deleteAccountPasswordLabel: 'Digite sua senha para confirmar',
  deleteAccountConfirm: 'Excluir minha conta',
  deleteAccountCancel: 'Cancelar',
  deleteAccountPasswordRequired: 'Digite sua senha para confirmar',
  deleteAccountPasswordWrong: 'Senha incorreta. Sua conta não foi excluída.',
  deleteAccountOpenTrade:
    'Você tem negociações em andamento. Conclua ou cancele cada uma delas em "Intermediação" antes de excluir a conta.',
  deleteAccountFailed: 'Não foi possível excluir a conta',
  accountDeleted: 'Sua conta foi excluída',
  accountDeletedDetail: 'Seus dados pessoais foram apagados. Sentiremos sua falta!',
  removedUserName: 'Usuário removido',
} as const;

/** Two-factor verification (settings' security section and the code step of /login and /admin/login); ours. */
export const twoFactorMessages = {
  title: 'Verificação em duas etapas',
  offDescription:
    'Além da senha, peça um código do aplicativo autenticador (Google Authenticator, Authy, 1Password…) ao entrar.',
  onDescription: 'Ativa: ao entrar com a senha, pedimos também o código do seu aplicativo autenticador.',
  statusOn: 'Ativada',
  statusOff: 'Desativada',
  enable: 'Ativar verificação em duas etapas',
  disable: 'Desativar',
  regenerate: 'Gerar novos códigos de backup',
  passwordLabel: 'Sua senha',
  passwordPrompt: 'Confirme sua senha para continuar.',
  continue: 'Continuar',
  cancel: 'Cancelar',
  close: 'Fechar',
  setupIntro: 'Siga os três passos abaixo para proteger sua conta.',
  scanTitle: '1. Escaneie o QR code',
  scanHelp: 'Abra o aplicativo autenticador e escaneie este QR code.',
  qrAlt: 'QR code para adicionar o Mercado Gamer ao aplicativo autenticador',
  secretLabel: 'Ou digite esta chave no aplicativo:',
  backupTitle: '2. Guarde seus códigos de backup',
  backupHelp:
    'Cada código entra uma única vez, caso você perca o celular. Guarde-os em um lugar seguro: eles não serão mostrados de novo.',
  confirmTitle: '3. Confirme com um código',
  codeLabel: 'Código de 6 dígitos',
  confirm: 'Ativar',
  enabled: 'Verificação em duas etapas ativada!',
  disabled: 'Verificação em duas etapas desativada',
  newBackupCodes: 'Novos códigos de backup gerados',
  newBackupCodesHelp: 'Os códigos anteriores deixaram de valer. Guarde estes em um lugar seguro.',
  passwordWrong: 'Senha incorreta',
  codeFormat: 'Digite os 6 dígitos do aplicativo',
  codeWrong: 'Código inválido. Confira o código no aplicativo e tente de novo.',
  codeUsed: 'Este código já foi usado. Espere o próximo código aparecer no aplicativo e digite-o.',
  alreadyOn: 'A verificação em duas etapas já está ativa.',
  notOn: 'A verificação em duas etapas não está ativa.',
  noPassword:
    'Sua conta entra pelo Discord e não tem senha. Use "Esqueci minha senha" para criar uma antes de ativar a verificação.',
  setupExpired: 'Comece a ativação de novo.',
  failed: 'Não foi possível concluir. Tente novamente.',
  sessionNotFresh: 'Por segurança, saia e entre de novo antes de desativar.',
  // The code step of the sign-in.
  stepTitle: 'Verificação em duas etapas',
  stepSubtitle: 'Sua conta tem a verificação em duas etapas ativa: falta só o código.',
  stepHelp: 'Digite o código de 6 dígitos do seu aplicativo autenticador, ou um dos seus códigos de backup.',
  stepCodeLabel: 'Código de verificação',
  stepSubmit: 'Verificar',
  stepBack: 'Voltar',
  trustDevice: 'Confiar neste dispositivo por 30 dias',
  signInCodeRequired: 'Digite o código do aplicativo ou um código de backup',
  signInCodeWrong: 'Código inválido',
  challengeExpired: 'A verificação expirou. Entre de novo.',
  tooManyAttempts: 'Muitas tentativas. Entre de novo.',
  locked: 'Muitos códigos errados. Aguarde alguns minutos e tente de novo.',
} as const;
