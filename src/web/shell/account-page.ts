/**
 * The frame of the 'Minha conta' pages (perfil, configurações, pagamentos, notificações, minhas ofertas, denúncias):
 * one content width, so moving between them does not jump. Each page adds its own gap.
 */
export const accountPageClass = 'mx-auto flex w-full max-w-5xl flex-col px-4 py-6 sm:px-6 lg:px-8 lg:py-10';
