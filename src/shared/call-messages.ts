/** What the trade room's presence and voice call say (pt-BR; the spec's texts verbatim where it has them). */
export const callMessages = {
  // Toasts of the spec (part 2 §8).
  joined: 'Conectado à Sala de Voz',
  ended: 'Chamada Encerrada',
  endedAfter: (duration: string) => `Duração: ${duration}`,
  peerJoined: {
    comprador: 'O comprador entrou na chamada.',
    vendedor: 'O vendedor entrou na chamada.',
    intermediador: 'O intermediador entrou na chamada.',
  },
  errorTitle: 'Erro na Conexão',
  micUnavailable: 'Não foi possível acessar o microfone',
  connectionFailed: 'Não foi possível conectar a chamada. Tente de novo.',
  // The panel.
  heading: 'Sala de voz',
  start: 'Entrar na chamada',
  again: 'Nova Chamada',
  hangUp: 'Encerrar chamada',
  mute: 'Silenciar microfone',
  states: {
    idle: 'Fora da chamada',
    connecting: 'Conectando…',
    waiting: 'Aguardando outro participante entrar na chamada…',
    connected: 'Conectado',
    ended: 'Chamada encerrada',
  },
  durationLabel: 'Duração da chamada',
  inRoom: 'Na sala agora',
  nobody: 'Ninguém mais na sala no momento.',
  you: '(você)',
  staff: 'Equipe',
  inCall: 'na chamada',
  /** In the call, but this tab's audio link to them is not up yet. */
  linking: 'conectando…',
  mutedLabel: 'microfone desligado',
  offline: 'Sem conexão ao vivo: a presença volta quando a conexão voltar.',
  // The server's refusals.
  notInTrade: 'Você não participa desta intermediação.',
  notInRoom: 'Entre na sala da intermediação primeiro.',
  notInCall: 'Entre na chamada primeiro.',
  cannotCall: 'Só o comprador, o vendedor e o intermediador entram na chamada.',
  roleTaken: 'Alguém com o seu papel já está nesta chamada (outra aba?).',
  /** Sent to the intermediary's tab taken out of the call when an admin takes the trade over (code below). */
  seatTakenOver: 'Um administrador assumiu esta intermediação. Você saiu da chamada.',
  tooBig: 'Sinal grande demais para a chamada.',
  badMessage: 'Mensagem inválida.',
  iceNotInTrade: 'Intermediação não encontrada.',
} as const;
