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
} as const;
