/** What the trade chat says to people (ours: the spec has no chat). */
export const tradeChatMessages = {
  bodyRequired: 'Escreva uma mensagem ou anexe uma imagem.',
  bodyTooLong: 'A mensagem pode ter no máximo 2000 caracteres.',
  tooManyImages: 'Você pode anexar no máximo 1 imagem por mensagem.',
  closed: 'Esta intermediação foi encerrada: o chat fica disponível só para leitura.',
  /** The warning line added after a message with a phone, an e-mail or an off-site link (never a block). */
  offPlatformWarning:
    'Atenção: esta mensagem parece conter um contato fora da plataforma (telefone, e-mail ou link). Negociar ou pagar fora do Mercado Gamer anula a proteção da intermediação. Mantenha a conversa e os pagamentos aqui.',
  sendFailed: 'Não foi possível enviar a mensagem.',
  loadFailed: 'Não foi possível carregar o chat.',
  badCursor: 'Página do chat inválida.',
} as const;
