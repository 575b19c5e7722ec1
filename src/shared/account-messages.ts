// Kept apart from the zod schemas so the shell can show these texts without loading zod.
/** Texts of part 1 §5 and §8, verbatim. */
export const accountMessages = {
  passwordsDiffer: 'Erro: As senhas não coincidem',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  // Sign-up hygiene and the confirmation page (ours, in the spec's voice).
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres',
  nicknameSpaces:
    'O nickname não pode ter espaços: ele é o endereço do seu perfil. Junte as palavras (ex.: PedroGamer) ou use _ ou -.',
  returnPathInvalid: 'Endereço de retorno inválido.',
  confirmationResent: 'Se este email tiver uma conta aguardando confirmação, enviamos um novo link para ele.',
  confirmationResendTitle: 'Erro ao reenviar',
  confirmationResendWait: (seconds: number) =>
    `Você acabou de pedir um email. Tente de novo em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
  emailTaken: 'Este email já está cadastrado',
  signUpFailed: 'Erro ao criar conta',
  signUpTitle: 'Erro no registro',
  signUpSuccess: 'Conta criada com sucesso!',
  signUpSuccessDetail: 'Verifique seu email e clique no link de confirmação.',
  signInTitle: 'Erro no login',
  invalidCredentials: 'Email ou senha incorretos',
  emailNotConfirmed:
    'Email não confirmado. Confirme seu email clicando no link que enviamos para sua caixa de entrada (verifique também o spam).',
  signInFailed: 'Erro ao fazer login',
  signInSuccess: 'Login realizado com sucesso!',
  signInSuccessDetail: 'Bem-vindo de volta!',
  signOutTitle: 'Logout realizado',
  signOutDetail: 'Até logo!',
  emailConfirmed: 'Email confirmado!',
  emailConfirmedDetail: 'Sua conta foi ativada com sucesso',
  confirmationLinkInvalid: 'Link de confirmação inválido ou expirado.',
  // Password recovery (not in the spec; written in its voice).
  passwordResetRequested: 'Se existir uma conta com este email, enviamos um link para redefinir a senha.',
  passwordResetTitle: 'Erro ao redefinir a senha',
  passwordResetFailed: 'Não foi possível redefinir a senha. Tente novamente.',
  passwordResetLinkInvalid: 'Este link expirou ou já foi usado. Peça um novo.',
  passwordResetDone: 'Senha redefinida!',
  passwordResetDoneDetail: 'Entre com a sua nova senha.',
  // Names that could pass for someone else (ours).
  nameHiddenCharacter:
    'O nome não pode ter caracteres invisíveis nem de controle de direção do texto. Digite só letras, números, espaços e símbolos visíveis.',
  nameReserved: 'Este nome é reservado à equipe do Mercado Gamer. Escolha outro.',
  nameLookAlike: 'Este nome é parecido demais com o de outro membro. Escolha outro.',
  required: 'Campo obrigatório',
  invalidEmail: 'Informe um email válido',
  discordFailed: 'Não foi possível entrar com o Discord.',
  discordSuspended:
    'Sua conta está suspensa. Se acha que é um engano, escreva para o e-mail de suporte da Central de Ajuda.',
} as const;
