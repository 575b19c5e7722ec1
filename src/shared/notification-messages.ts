/** Texts of in-app notifications (the bell and '/notificacoes'). */
export const notificationMessages = {
  title: 'Notificações',
  empty: 'Nenhuma notificação',
  emptyHint: 'Ofertas, negociações e avisos das suas intermediações aparecerão aqui.',
  markAllRead: 'Marcar todas como lidas',
  seeAll: 'Ver todas',
  loadMore: 'Carregar mais',
  unreadLabel: 'Não lida',
  loadFailed: 'Não foi possível carregar as notificações',
  loginRequired: 'Entre na sua conta para ver suas notificações',
  notFound: 'Notificação não encontrada',
} as const;

/** The bell's accessible name: 'Notificações', 'Notificações, 1 não lida', 'Notificações, 3 não lidas'. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return notificationMessages.title;
  return `${notificationMessages.title}, ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}
