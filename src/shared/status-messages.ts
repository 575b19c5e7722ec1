// The status page's texts, kept apart from the zod schemas so the page loads no zod.

/** Texts of the System Status page (part 2, static pages); the ones the spec lacks are marked. */
export const statusMessages = {
  heading: 'Status dos Sistemas',
  refreshNote: 'Esta página atualiza a cada 30 segundos.',
  allOperational: 'Todos os sistemas operacionais',
  // Not in the spec: the spec only shows everything operational.
  someDegraded: 'Alguns sistemas estão com instabilidade',
  majorOutage: 'Sistemas fora do ar',
  loading: 'Verificando os sistemas...',
  loadFailed: 'Não foi possível verificar os sistemas agora.',
  maintenanceHeading: 'Manutenções programadas',
  noMaintenance: 'Nenhuma manutenção programada.',
  ongoing: 'Em andamento',
  scheduled: 'Programada',
  // The staff API's validation.
  titleRequired: 'Informe o título da manutenção.',
  titleTooLong: 'O título deve ter no máximo 120 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 1000 caracteres.',
  startsAtInvalid: 'Informe o início da manutenção (data e hora).',
  endsAtInvalid: 'Informe o fim da manutenção (data e hora).',
  endsBeforeStart: 'O fim da manutenção deve ser depois do início.',
  maintenanceNotFound: 'Manutenção não encontrada.',
  // Issue 25: the data folder's free space (uploads are refused below MIN_FREE_DISK_MB).
  diskFull:
    'O servidor está sem espaço para guardar arquivos agora. Tente enviar de novo mais tarde; a equipe foi avisada.',
  diskHeading: 'Espaço em disco',
  diskLow: 'Pouco espaço livre: envios de arquivos estão suspensos',
  diskOk: 'Espaço livre suficiente para envios de arquivos',
  diskUnknown: 'Não foi possível ler o espaço livre',
} as const;

/** What each check is called on the page. */
export const checkLabels = {
  database: 'Banco de dados',
  storage: 'Armazenamento de arquivos',
  mail: 'E-mail',
  realtime: 'Tempo real',
} as const;

export const stateLabels = {
  operational: 'Operacional',
  degraded: 'Instável',
  down: 'Fora do ar',
} as const;
