// Kept apart from the zod schemas so cards and menus can show these texts without loading zod.
/** Texts of part 1 §5, §6 and §8, verbatim; the few the spec lacks are marked. */
export const listingMessages = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  invalidPrice: 'Preço deve ser um valor válido maior que zero.',
  invalidQuantity: 'Quantidade deve ser um número válido maior que zero.',
  tooManyPhotosTitle: 'Limite excedido',
  tooManyPhotos: 'Você pode selecionar no máximo 8 fotos.',
  photoTooLargeTitle: 'Arquivos muito grandes',
  photoTooLarge: 'Cada foto deve ter no máximo 5MB.',
  photoRequiredTitle: 'Imagem obrigatória',
  photoRequired: 'Adicione pelo menos uma imagem do seu produto.',
  notAnImage: 'Por favor, selecione apenas arquivos de imagem.',
  // Not in the spec: the browser decodes each photo before sending it, and names the one it cannot open.
  photoNotAnImage: (n: number) => `A foto ${n} não é uma imagem`,
  photoFormats: 'Escolha fotos em JPG, PNG, GIF, WebP ou HEIC.',
  preparingPhotos: 'Preparando fotos…',
  // Not in the spec: limits a real form needs.
  titleTooLong: 'O título deve ter no máximo 120 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 5000 caracteres.',
  invalidWhatsapp: 'Informe um WhatsApp válido com DDD.',
  unknownGame: 'Selecione um jogo da lista.',
  invalidKind: 'Selecione uma categoria válida.',
  priceTooHigh: 'O preço máximo é R$ 1.000.000,00.',
  invalidPriceFilter: 'Informe uma faixa de preço entre R$ 0 e R$ 1.000.000,00.',

  loginRequiredTitle: 'Login necessário',
  loginRequired: 'Você precisa estar logado',
  accessDeniedTitle: 'Acesso negado',
  accessDenied: 'Você precisa estar logado para publicar produtos.',
  publishedTitle: 'Sucesso!',
  published: 'Produto publicado com sucesso!',
  publishFailedTitle: 'Erro',
  publishFailed: 'Erro ao publicar produto. Tente novamente.',
  uploadFailedTitle: 'Erro no upload',
  uploadFailed: 'Erro ao fazer upload das fotos. Tente novamente.',
  gamesFailed: 'Erro ao carregar lista de jogos',
  // Not in the spec: edit.
  updated: 'Produto atualizado com sucesso!',
  editForbidden: 'Você só pode editar suas próprias publicações.',

  deleteAuthTitle: 'Erro de autenticação',
  deleteAuth: 'Você precisa estar logado para excluir',
  deleteForbiddenTitle: 'Sem permissão',
  deleteForbidden: 'Você só pode excluir suas próprias publicações',
  deleteNotFound: 'Publicação não encontrada',
  deleteFailedTitle: 'Erro ao excluir',
  deleteFailed: 'Não foi possível excluir a publicação. Tente novamente.',
  deleted: 'Publicação excluída com sucesso',
  // Not in the spec: a listing a protected trade still depends on.
  deleteOpenTrade: 'Este produto tem uma intermediação em andamento. Conclua ou cancele antes de excluir.',
  quantityBelowReserved:
    'A quantidade não pode ficar abaixo das unidades reservadas em intermediações em andamento.',

  notFound: 'Produto não encontrado',
  loadFailed: 'Erro ao carregar a publicação',
  categoryNotFound: 'Categoria não encontrada',
  productsFailed: 'Erro ao carregar produtos',
  noProductsTitle: 'Nenhum produto encontrado',
  noProducts: 'Não há produtos disponíveis no momento',

  contactLoginRequired: 'Você precisa estar logado para ver informações de contato.',
  contactUnavailableTitle: 'Informação não disponível',
  contactUnavailable: 'Informações de contato não estão disponíveis para este anúncio.',
  contactFailed: 'Erro ao buscar informações de contato.',

  commentRequired: 'Digite um comentário.',
  commentTooLong: 'O comentário deve ter no máximo 1000 caracteres.',
  commentLoginRequired: 'Você precisa estar logado para comentar.',
  commentFailed: 'Erro ao enviar comentário.',
  commentSent: 'Comentário enviado!',

  // Not in the spec: a suspended seller's listing (decision 023). Nothing about the seller is said.
  unavailable: 'Anúncio indisponível',
  unavailableText: 'Este anúncio não está disponível no momento. Veja outros produtos no marketplace.',
  sellerUnavailable: 'Este anúncio está indisponível: o vendedor não pode negociar no momento.',

  favoriteLoginRequired: 'Você precisa estar logado para favoritar produtos.',
  favoriteSaved: 'Adicionado aos favoritos',
} as const;
