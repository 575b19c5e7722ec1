import { RECORDING_RETENTION_DAYS, RECORDING_UNPAID_CANCEL_RETENTION_HOURS } from './trade-rules';

/** What the recorded voice call of a trade room says to people (issue 11; the spec only says it is recorded). */
export const tradeRecordingMessages = {
  notFound: 'Gravação não encontrada.',
  notRecorder: 'Só o intermediador ou, sem ele, o comprador grava a chamada desta intermediação.',
  notYourRecording: 'Esta gravação é de outra pessoa: só quem começou a gravar envia os trechos.',
  tradeFinished: 'Esta intermediação terminou: a chamada não é mais gravada.',
  recordingEnded: 'Esta gravação já foi encerrada.',
  chunkType: 'Envie o trecho como áudio WebM ou Ogg, no mesmo formato do início da gravação.',
  chunkEmpty: 'O trecho de áudio chegou vazio.',
  chunkTooLarge: 'Cada trecho de áudio pode ter no máximo 192 KB.',
  /** The bytes are not the audio stream the recorder produces (WebM or Ogg with Opus), or do not continue it. */
  notAudio:
    'O trecho enviado não é o áudio da gravação (WebM ou Ogg com Opus, continuando o trecho anterior).',
  notInCall: 'A chamada só é gravada enquanto você está nela: entre na chamada desta intermediação.',
  recordingFull: 'Esta gravação chegou ao limite de tamanho: comece uma nova.',
  tradeFull: 'As gravações desta intermediação chegaram ao limite de tamanho.',
  tooManyChunks: 'A gravação chegou ao limite de duração: comece uma nova.',
  /** A trecho sent before an earlier one arrived; `{expected}` is the one the server waits for. */
  chunkGap: 'Falta um trecho anterior da gravação: envie os trechos em ordem.',
  rangeInvalid: 'O intervalo pedido não existe nesta gravação.',
  /** Told before anyone joins the call (the call component shows it). */
  notice: `Esta chamada é gravada para a segurança da intermediação. A equipe pode ouvi-la, e comprador e vendedor podem baixá-la; a gravação é apagada ${RECORDING_RETENTION_DAYS} dias após o fim da intermediação (ou do fim da disputa), e ${RECORDING_UNPAID_CANCEL_RETENTION_HOURS} horas após o cancelamento se nada foi pago.`,
  indicator: 'Gravando',
  indicatorLabel: 'A chamada está sendo gravada',
  listTitle: 'Gravações da chamada',
  empty: 'Nenhuma gravação da chamada ainda.',
  loadFailed: 'Não foi possível carregar as gravações.',
  download: 'Baixar gravação',
  inProgress: 'em andamento',
} as const;
