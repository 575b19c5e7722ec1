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
  usernameTaken: 'Este nome de usuário já está em uso. Escolha outro.', // ours
  required: 'Campo obrigatório',
  tooLong: (max: number) => `Máximo de ${max} caracteres`,
  invalidPhone: 'Informe um telefone válido com DDD', // ours
  sessionEnded: 'Sessão encerrada', // ours
  otherSessionsEnded: 'Outras sessões encerradas', // ours
  sessionNotFound: 'Sessão não encontrada', // ours
  dataDownloaded: 'Seus dados foram baixados', // ours
} as const;
