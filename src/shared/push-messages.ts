/** What the Web Push routes and the settings section say (pt-BR). */
export const pushMessages = {
  loginRequired: 'Entre na sua conta para receber notificações no celular.',
  notFound: 'Dispositivo não encontrado.',
  serviceRefused:
    'Este navegador usa um serviço de notificações que não aceitamos. Tente pelo Chrome, Firefox, Edge ou Safari.',
  tooManyDevices: (max: number) =>
    `Você já tem ${max} dispositivos com notificações. Remova um deles para ativar neste.`,
};
