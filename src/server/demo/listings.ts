import type { ListingKind } from '@shared/listings';

/** The shapes the demo photos draw (demo-photos.ts). */
const demoMotifs = [
  'sword',
  'coins',
  'gem',
  'shield',
  'crown',
  'controller',
  'emblem',
  'rifle',
  'chest',
  'cube',
] as const;
export type DemoMotif = (typeof demoMotifs)[number];

/** The art of one generated photo: a motif over a gradient in `hue` (0–360). */
export interface DemoPhoto {
  hue: number;
  motif: DemoMotif;
}

export interface DemoListing {
  gameSlug: string;
  kind: ListingKind;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  /** Spread over the last 30 days so the feed looks alive. */
  createdMinutesAgo: number;
  photos: DemoPhoto[];
}

const hour = 60;
const day = 24 * hour;

/** The demo accounts that sell (seed.ts `demoAccounts`). */
export type DemoSeller = 'seller' | 'accountSeller' | 'skinSeller';

/**
 * Who sells a demo listing: RafaSkins the CS2 and Dota 2 inventory, NinaContas the League of Legends, Valorant,
 * Genshin and TFT accounts and rarities, LojaDoPro everything else (currencies, passes, gift cards, other games).
 */
export function demoSellerOf(listing: Pick<DemoListing, 'gameSlug' | 'kind'>): DemoSeller {
  if (listing.gameSlug === 'cs2' || listing.gameSlug === 'dota2') return 'skinSeller';
  const accountGames = ['lol', 'valorant', 'genshin', 'tft'];
  if (accountGames.includes(listing.gameSlug) && listing.kind !== 'coins' && listing.kind !== 'items') {
    return 'accountSeller';
  }
  return 'seller';
}

/** Active listings of the demo sellers (`demoSellerOf`), over the catalogue's games (`gameCatalogue`) and every kind. */
export const demoListings: DemoListing[] = [
  // ── DDTank ──
  {
    gameSlug: 'ddtank',
    kind: 'coins',
    title: '100M de Gold DDTank S3',
    description:
      'Gold no servidor S3, entregue por troca no jogo em até 30 minutos após o pagamento. Me chama no WhatsApp com o seu nick que eu já deixo separado. Vendo gold há mais de 3 anos, com várias avaliações positivas.',
    priceCents: 2490,
    quantity: 40,
    createdMinutesAgo: 35,
    photos: [
      { hue: 283, motif: 'coins' },
      { hue: 202, motif: 'chest' },
    ],
  },
  {
    gameSlug: 'ddtank',
    kind: 'accounts',
    title: 'Conta DDTank nível 45 com arma +12 e asa dourada',
    description:
      'Conta nível 45 no S1 com arma +12, asa dourada permanente e pet nível máximo. Passo o e-mail e a senha originais e ajudo a trocar tudo na hora. Garantia de 7 dias contra recuperação.',
    priceCents: 38000,
    quantity: 1,
    createdMinutesAgo: 3 * day + 5 * hour,
    photos: [
      { hue: 200, motif: 'sword' },
      { hue: 261, motif: 'crown' },
    ],
  },
  {
    gameSlug: 'ddtank',
    kind: 'rare',
    title: 'Asa Fênix Dourada DDTank (evento antigo)',
    description:
      'Asa do evento de aniversário que não volta mais pra loja. Vai na conta que você indicar por troca de presente. Só tenho uma unidade.',
    priceCents: 15000,
    quantity: 1,
    createdMinutesAgo: 9 * day,
    photos: [{ hue: 20, motif: 'gem' }],
  },
  {
    gameSlug: 'ddtank',
    kind: 'coins',
    title: '50.000 Cupons DDTank (qualquer servidor)',
    description:
      'Recarga de cupons direto na sua conta, em qualquer servidor. Preciso só do seu login de usuário, sem senha. Entrega em até 1 hora em horário comercial.',
    priceCents: 8990,
    quantity: 15,
    createdMinutesAgo: 14 * day + 2 * hour,
    photos: [{ hue: 160, motif: 'coins' }],
  },

  // ── Counter-Strike 2 ──
  {
    gameSlug: 'cs2',
    kind: 'skins',
    title: 'AK-47 | Redline (Testada em Campo) CS2',
    description:
      'Skin AK-47 Redline com float 0,18 e sem adesivos. Envio por troca na Steam assim que o pagamento cair, é só mandar o seu trade link. Conta sem bloqueio de troca.',
    priceCents: 12900,
    quantity: 2,
    createdMinutesAgo: 20,
    photos: [
      { hue: 355, motif: 'rifle' },
      { hue: 0, motif: 'emblem' },
    ],
  },
  {
    gameSlug: 'cs2',
    kind: 'skins',
    title: 'AWP | Asiimov (Testada em Campo) CS2',
    description:
      'AWP Asiimov clássica, float 0,26, parte branca bem conservada. Troca pela Steam com o seu trade link, sem intermediário. Aceito proposta em outras skins de CS2.',
    priceCents: 64000,
    quantity: 1,
    createdMinutesAgo: 2 * day + 3 * hour,
    photos: [
      { hue: 25, motif: 'rifle' },
      { hue: 210, motif: 'shield' },
    ],
  },
  {
    gameSlug: 'cs2',
    kind: 'accounts',
    title: 'Conta CS2 Prime com 18.000 de rating no Premier',
    description:
      'Conta Prime com 18 mil de rating no Premier e rank Águia no competitivo. Mais de 2.000 horas jogadas, sem ban VAC nem de partida. Entrego o e-mail original e removo o Steam Guard junto com você.',
    priceCents: 45000,
    quantity: 1,
    createdMinutesAgo: 5 * day,
    photos: [
      { hue: 210, motif: 'emblem' },
      { hue: 30, motif: 'controller' },
    ],
  },
  {
    gameSlug: 'cs2',
    kind: 'rare',
    title: 'Karambit | Doppler Phase 2 (Nova de Fábrica) CS2',
    description:
      'Faca Karambit Doppler Phase 2, float 0,01, com muito rosa na lâmina. Item raro para quem quer o inventário de respeito. Negocio com intermediação do site se preferir.',
    priceCents: 249000,
    quantity: 1,
    createdMinutesAgo: 11 * day + 7 * hour,
    photos: [
      { hue: 300, motif: 'sword' },
      { hue: 320, motif: 'gem' },
      { hue: 280, motif: 'emblem' },
    ],
  },
  {
    gameSlug: 'cs2',
    kind: 'items',
    title: 'Caixa Kilowatt CS2 (lote de 10)',
    description:
      'Lote com 10 caixas Kilowatt pra você abrir ou guardar. Envio todas numa troca só pela Steam. Tenho mais unidades, é só perguntar.',
    priceCents: 1890,
    quantity: 12,
    createdMinutesAgo: 21 * day,
    photos: [{ hue: 196, motif: 'chest' }],
  },

  // ── Free Fire ──
  {
    gameSlug: 'free-fire',
    kind: 'coins',
    title: '5.600 Diamantes Free Fire (entrega imediata)',
    description:
      'Recarga de 5.600 diamantes direto no seu ID do Free Fire, sem precisar de senha. Entrega imediata depois da confirmação do pagamento. Funciona em qualquer servidor do Brasil.',
    priceCents: 17990,
    quantity: 50,
    createdMinutesAgo: 8,
    photos: [
      { hue: 190, motif: 'gem' },
      { hue: 265, motif: 'coins' },
    ],
  },
  {
    gameSlug: 'free-fire',
    kind: 'coins',
    title: '1.060 Diamantes Free Fire via ID',
    description:
      'Diamantes creditados pelo ID da conta em poucos minutos. Você recebe o comprovante da recarga. Ótimo pra garantir o Passe de Elite.',
    priceCents: 3990,
    quantity: 100,
    createdMinutesAgo: 6 * hour,
    photos: [{ hue: 200, motif: 'gem' }],
  },
  {
    gameSlug: 'free-fire',
    kind: 'accounts',
    title: 'Conta Free Fire Mestre com 80 skins e Calça Angelical',
    description:
      'Conta rank Mestre com 80 skins de arma, Calça Angelical Azul e vários emotes de evento. Vinculada ao Facebook, passo o acesso completo e ajudo a trocar o vínculo. Garantia de 15 dias.',
    priceCents: 65000,
    quantity: 1,
    createdMinutesAgo: 1 * day + 2 * hour,
    photos: [
      { hue: 249, motif: 'crown' },
      { hue: 215, motif: 'controller' },
      { hue: 35, motif: 'rifle' },
    ],
  },
  {
    gameSlug: 'free-fire',
    kind: 'skins',
    title: 'Conta Free Fire com skin MP40 Cobra evoluída',
    description:
      'Conta simples mas com a MP40 Cobra evoluída no nível máximo. Ideal pra quem quer essa skin sem gastar com o evento. Vinculada ao Google, entrego com o e-mail.',
    priceCents: 18000,
    quantity: 1,
    createdMinutesAgo: 7 * day + 4 * hour,
    photos: [{ hue: 130, motif: 'rifle' }],
  },
  {
    gameSlug: 'free-fire',
    kind: 'items',
    title: 'Passe de Elite Free Fire da temporada atual',
    description:
      'Ativo o Passe de Elite da temporada atual no seu ID. Precisa apenas do ID e do nick. Entrega no mesmo dia.',
    priceCents: 2290,
    quantity: 30,
    createdMinutesAgo: 16 * day,
    photos: [{ hue: 40, motif: 'shield' }],
  },

  // ── League of Legends ──
  {
    gameSlug: 'lol',
    kind: 'accounts',
    title: 'Conta LoL Platina com 120 campeões',
    description:
      'Conta no servidor BR, elo Platina IV na solo/duo, 120 campeões e 35 skins. Nunca levou ban nem restrição de chat. Entrego com o e-mail de criação pra você trocar tudo.',
    priceCents: 22000,
    quantity: 1,
    createdMinutesAgo: 50,
    photos: [
      { hue: 185, motif: 'emblem' },
      { hue: 45, motif: 'shield' },
    ],
  },
  {
    gameSlug: 'lol',
    kind: 'accounts',
    title: 'Conta LoL elo Diamante II pronta pra ranked',
    description:
      'Conta com elo Diamante II na temporada atual e MMR alto, ótima pra quem quer subir de rank. Tem todos os campeões de meta e 60 skins. Garantia de 30 dias contra recuperação.',
    priceCents: 78000,
    quantity: 1,
    createdMinutesAgo: 4 * day + 9 * hour,
    photos: [
      { hue: 220, motif: 'emblem' },
      { hue: 200, motif: 'crown' },
    ],
  },
  {
    gameSlug: 'lol',
    kind: 'accounts',
    title: 'Conta LoL smurf nível 30 (unranked, elo zerado)',
    description:
      'Smurf upada na mão até o nível 30, pronta pra jogar ranked. Elo zerado, 20 campeões e e-mail trocável. Entrega em até 10 minutos e tenho outras iguais, é só perguntar.',
    priceCents: 3500,
    quantity: 1,
    createdMinutesAgo: 12 * day,
    photos: [{ hue: 170, motif: 'controller' }],
  },
  {
    gameSlug: 'lol',
    kind: 'coins',
    title: '1.380 RP League of Legends (cartão presente)',
    description:
      'Código de cartão presente de 1.380 RP para o servidor BR. Envio o código pelo WhatsApp logo após o pagamento. Resgate direto no cliente do LoL.',
    priceCents: 5490,
    quantity: 25,
    createdMinutesAgo: 2 * day + 20 * hour,
    photos: [{ hue: 301, motif: 'coins' }],
  },
  {
    gameSlug: 'lol',
    kind: 'rare',
    title: "Conta LoL com skin Prestígio Kai'Sa e Vitoriosa",
    description:
      "Conta com a skin Prestígio da Kai'Sa e skins Vitoriosas de três temporadas. Itens que não dá mais pra comprar na loja. Elo Ouro I, servidor BR, com e-mail original.",
    priceCents: 52000,
    quantity: 1,
    createdMinutesAgo: 19 * day,
    photos: [
      { hue: 243, motif: 'crown' },
      { hue: 275, motif: 'gem' },
    ],
  },

  // ── Valorant ──
  {
    gameSlug: 'valorant',
    kind: 'accounts',
    title: 'Conta Valorant Imortal 3 com 45 skins',
    description:
      'Conta rank Imortal 3 no ato atual, 45 skins incluindo Vandal Prime e Phantom Oni. Todos os agentes liberados. Passo o login da Riot com e-mail trocável e dou garantia de 30 dias.',
    priceCents: 150000,
    quantity: 1,
    createdMinutesAgo: 15,
    photos: [
      { hue: 350, motif: 'emblem' },
      { hue: 5, motif: 'rifle' },
      { hue: 260, motif: 'controller' },
    ],
  },
  {
    gameSlug: 'valorant',
    kind: 'accounts',
    title: 'Conta Valorant Ascendente 1 com Faca Reaver',
    description:
      'Conta rank Ascendente 1 com a Faca Reaver e o pacote Reaver completo. Nunca teve punição. Entrega com e-mail e senha, ajudo a trocar a verificação em duas etapas.',
    priceCents: 42000,
    quantity: 1,
    createdMinutesAgo: 3 * day,
    photos: [
      { hue: 280, motif: 'sword' },
      { hue: 340, motif: 'emblem' },
    ],
  },
  {
    gameSlug: 'valorant',
    kind: 'coins',
    title: '2.050 Valorant Points (VP) via cartão presente',
    description:
      'Cartão presente de Valorant Points para contas do Brasil. Envio o código em até 15 minutos. É só resgatar na loja do jogo.',
    priceCents: 8990,
    quantity: 40,
    createdMinutesAgo: 8 * hour,
    photos: [{ hue: 355, motif: 'coins' }],
  },
  {
    gameSlug: 'valorant',
    kind: 'skins',
    title: 'Conta Valorant com Vandal Kuronami e Phantom Glitchpop',
    description:
      'Conta nível 120 com as skins Vandal Kuronami, Phantom Glitchpop e Sheriff Protocolo 781-A. Rank Ouro 2, ótima pra quem quer skin boa sem pagar caro. Entrego com o e-mail.',
    priceCents: 27000,
    quantity: 1,
    createdMinutesAgo: 10 * day + 3 * hour,
    photos: [
      { hue: 320, motif: 'rifle' },
      { hue: 190, motif: 'gem' },
    ],
  },
  {
    gameSlug: 'valorant',
    kind: 'rare',
    title: 'Conta Valorant com Karambit Champions 2021',
    description:
      'Conta com a faca Champions 2021, que não volta mais pra loja, e o chaveiro do evento. Rank Platina 3. Item de colecionador, aceito negociar com intermediação.',
    priceCents: 210000,
    quantity: 1,
    createdMinutesAgo: 24 * day,
    photos: [
      { hue: 45, motif: 'sword' },
      { hue: 231, motif: 'crown' },
    ],
  },

  // ── Fortnite ──
  {
    gameSlug: 'fortnite',
    kind: 'coins',
    title: '1.000 V-Bucks Fortnite (todas as plataformas)',
    description:
      'Cartão de 1.000 V-Bucks que funciona no PC, console e celular. Envio o código logo após o pagamento. Resgate pelo site da Epic Games.',
    priceCents: 3790,
    quantity: 60,
    createdMinutesAgo: 1 * hour + 10,
    photos: [{ hue: 210, motif: 'coins' }],
  },
  {
    gameSlug: 'fortnite',
    kind: 'rare',
    title: 'Conta Fortnite com skin Renegade Raider (temporada 1)',
    description:
      "Conta OG com a Renegade Raider da temporada 1 e a picareta Raider's Revenge. Skins que nunca mais voltaram. Conta vinculada a e-mail próprio, sem console vinculado.",
    priceCents: 185000,
    quantity: 1,
    createdMinutesAgo: 6 * day,
    photos: [
      { hue: 270, motif: 'crown' },
      { hue: 0, motif: 'shield' },
    ],
  },
  {
    gameSlug: 'fortnite',
    kind: 'accounts',
    title: 'Conta Fortnite com 150 skins e Salve o Mundo',
    description:
      'Conta completa com 150 skins, 90 picaretas, 120 danças e o modo Salve o Mundo. Todos os passes desde o capítulo 2. Garantia de 15 dias e suporte na troca do e-mail.',
    priceCents: 68000,
    quantity: 1,
    createdMinutesAgo: 13 * day + 6 * hour,
    photos: [
      { hue: 265, motif: 'controller' },
      { hue: 190, motif: 'gem' },
    ],
  },
  {
    gameSlug: 'fortnite',
    kind: 'skins',
    title: 'Código de skin Fortnite pacote Lendas do Anime',
    description:
      'Código do pacote de skins lacrado, para resgatar em qualquer plataforma. Envio por mensagem assim que o pagamento for confirmado.',
    priceCents: 8500,
    quantity: 6,
    createdMinutesAgo: 27 * day,
    photos: [{ hue: 300, motif: 'shield' }],
  },

  // ── Dota 2 ──
  {
    gameSlug: 'dota2',
    kind: 'skins',
    title: 'Arcana Juggernaut Bladeform Legacy Dota 2',
    description:
      'Arcana do Juggernaut com estilo desbloqueado. Envio por troca na Steam, sem bloqueio. Aceito proposta em outras arcanas.',
    priceCents: 16500,
    quantity: 1,
    createdMinutesAgo: 2 * day,
    photos: [
      { hue: 15, motif: 'sword' },
      { hue: 40, motif: 'gem' },
    ],
  },
  {
    gameSlug: 'dota2',
    kind: 'accounts',
    title: 'Conta Dota 2 rank Ancient 5.200 MMR',
    description:
      'Conta com medalha Ancient e 5.200 de MMR, comportamento 10.000. Mais de 3.000 partidas e 40 sets de heróis. Entrego com e-mail original e ajudo a remover o Steam Guard.',
    priceCents: 32000,
    quantity: 1,
    createdMinutesAgo: 8 * day + 11 * hour,
    photos: [{ hue: 5, motif: 'emblem' }],
  },
  {
    gameSlug: 'dota2',
    kind: 'items',
    title: 'Lote de 25 itens Imortais Dota 2',
    description:
      'Lote com 25 itens Imortais de baús antigos, vários heróis. Envio tudo numa troca pela Steam. Tenho a lista completa, é só pedir.',
    priceCents: 11000,
    quantity: 3,
    createdMinutesAgo: 22 * day,
    photos: [{ hue: 190, motif: 'chest' }],
  },

  // ── Roblox ──
  {
    gameSlug: 'roblox',
    kind: 'coins',
    title: 'Robux 2.200',
    description:
      'Pacote de 2.200 Robux enviado pelo método de Game Pass, 100% seguro para a sua conta. Você cria o passe e eu compro, sem precisar de senha. Entrega em até 1 hora.',
    priceCents: 9990,
    quantity: 80,
    createdMinutesAgo: 25,
    photos: [
      { hue: 140, motif: 'coins' },
      { hue: 205, motif: 'cube' },
    ],
  },
  {
    gameSlug: 'roblox',
    kind: 'coins',
    title: 'Robux 800 (entrega rápida)',
    description:
      'Robux pelo Game Pass, sem senha e sem risco de ban. Te ensino a criar o passe se for a primeira vez. Entrega em poucos minutos.',
    priceCents: 3990,
    quantity: 120,
    createdMinutesAgo: 5 * hour,
    photos: [{ hue: 150, motif: 'coins' }],
  },
  {
    gameSlug: 'roblox',
    kind: 'rare',
    title: 'Conta Roblox com Headless Horseman e Korblox',
    description:
      'Conta com Headless Horseman e Korblox Deathspeaker, os dois itens mais desejados do Roblox. Conta de 2017, com e-mail verificado. Entrego com todos os dados de acesso e garantia de 30 dias.',
    priceCents: 135000,
    quantity: 1,
    createdMinutesAgo: 4 * day,
    photos: [
      { hue: 0, motif: 'crown' },
      { hue: 220, motif: 'cube' },
    ],
  },
  {
    gameSlug: 'roblox',
    kind: 'items',
    title: 'Pets Mega Neon Adopt Me (Frost Dragon)',
    description:
      'Frost Dragon Mega Neon no Adopt Me. Entrego por troca dentro do jogo, marcamos o horário pelo WhatsApp. Tenho outros pets neon também.',
    priceCents: 6500,
    quantity: 4,
    createdMinutesAgo: 15 * day + 2 * hour,
    photos: [{ hue: 195, motif: 'gem' }],
  },

  // ── Minecraft ──
  {
    gameSlug: 'minecraft',
    kind: 'rare',
    title: 'Skin rara Minecraft Capa Migrator',
    description:
      'Conta Java com a Capa Migrator, dada só para quem migrou a conta Mojang. Skin personalizada e nome curto de 4 letras. Full acesso, com e-mail trocável.',
    priceCents: 25000,
    quantity: 1,
    createdMinutesAgo: 1 * day + 15 * hour,
    photos: [
      { hue: 120, motif: 'cube' },
      { hue: 200, motif: 'shield' },
    ],
  },
  {
    gameSlug: 'minecraft',
    kind: 'accounts',
    title: 'Conta Minecraft Java e Bedrock original (full acesso)',
    description:
      'Conta original da Microsoft com Java e Bedrock. Full acesso: você troca e-mail, senha e nick. Entrega imediata.',
    priceCents: 7990,
    quantity: 1,
    createdMinutesAgo: 9 * hour,
    photos: [{ hue: 110, motif: 'cube' }],
  },
  {
    gameSlug: 'minecraft',
    kind: 'coins',
    title: '500M de coins Hypixel Skyblock',
    description:
      'Coins do Hypixel Skyblock entregues por trade no jogo ou leilão. Sem macro, farmado na mão. Entrega em até 2 horas.',
    priceCents: 12000,
    quantity: 5,
    createdMinutesAgo: 17 * day,
    photos: [{ hue: 301, motif: 'coins' }],
  },

  // ── Genshin Impact ──
  {
    gameSlug: 'genshin',
    kind: 'accounts',
    title: 'Conta Genshin AR 58 com Raiden C2 e Nahida',
    description:
      'Conta no servidor América, AR 58, com Raiden Shogun C2 e arma exclusiva, Nahida, Furina e Neuvillette. Abismo 36 estrelas. Entrego com e-mail e ajudo a desvincular.',
    priceCents: 95000,
    quantity: 1,
    createdMinutesAgo: 2 * hour,
    photos: [
      { hue: 275, motif: 'gem' },
      { hue: 130, motif: 'crown' },
    ],
  },
  {
    gameSlug: 'genshin',
    kind: 'coins',
    title: '6.480 Cristais Gênesis Genshin Impact',
    description:
      'Recarga de 6.480 Cristais Gênesis pelo UID, sem precisar de senha. Inclui o bônus de primeira compra quando disponível. Entrega em até 30 minutos.',
    priceCents: 44900,
    quantity: 20,
    createdMinutesAgo: 3 * day + 14 * hour,
    photos: [{ hue: 260, motif: 'gem' }],
  },
  {
    gameSlug: 'genshin',
    kind: 'accounts',
    title: 'Conta inicial Genshin com 3 personagens 5 estrelas',
    description:
      'Conta inicial (reroll) no servidor América com Hu Tao, Kazuha e Yelan. AR 10, pronta pra começar. Entrega imediata com e-mail trocável.',
    priceCents: 4500,
    quantity: 1,
    createdMinutesAgo: 20 * day,
    photos: [{ hue: 15, motif: 'controller' }],
  },
  {
    gameSlug: 'genshin',
    kind: 'items',
    title: 'Bênção da Lua Genshin (30 dias)',
    description:
      'Ativo a Bênção da Lua pelo UID: 90 Cristais Gênesis por dia durante 30 dias. Precisa apenas do UID e do servidor.',
    priceCents: 2290,
    quantity: 50,
    createdMinutesAgo: 26 * day,
    photos: [{ hue: 230, motif: 'gem' }],
  },

  // ── Albion Online ──
  {
    gameSlug: 'albion',
    kind: 'coins',
    title: '10M de Prata Albion Online (servidor Américas)',
    description:
      'Prata entregue por venda de item no mercado da cidade que você escolher. Rápido e seguro, sem risco de ban. Me avisa o seu nick e a cidade.',
    priceCents: 1990,
    quantity: 200,
    createdMinutesAgo: 40 * hour,
    photos: [{ hue: 210, motif: 'coins' }],
  },
  {
    gameSlug: 'albion',
    kind: 'items',
    title: 'Set T8.3 Guardião completo Albion',
    description:
      'Set completo de Guardião T8.3 com arma, elmo, armadura e botas. Entrego no banco de Martlock ou na cidade que preferir. Ótimo pra ZvZ.',
    priceCents: 17500,
    quantity: 2,
    createdMinutesAgo: 6 * day + 8 * hour,
    photos: [
      { hue: 25, motif: 'shield' },
      { hue: 30, motif: 'sword' },
    ],
  },
  {
    gameSlug: 'albion',
    kind: 'accounts',
    title: 'Conta Albion com 60M de fama e premium ativo',
    description:
      'Conta com 60 milhões de fama de combate, especializações de espada e arco altas e premium por mais 20 dias. Acompanha montaria T6. Garantia de 7 dias.',
    priceCents: 26000,
    quantity: 1,
    createdMinutesAgo: 18 * day,
    photos: [{ hue: 35, motif: 'controller' }],
  },

  // ── Teamfight Tactics ──
  {
    gameSlug: 'tft',
    kind: 'accounts',
    title: 'Conta TFT Mestre com 12 Pequenas Lendas',
    description:
      'Conta com rank Mestre no TFT na temporada atual e 12 Pequenas Lendas. Servidor BR, sem punições. Entrego com e-mail e ajudo a trocar tudo.',
    priceCents: 30000,
    quantity: 1,
    createdMinutesAgo: 4 * hour,
    photos: [
      { hue: 195, motif: 'emblem' },
      { hue: 243, motif: 'crown' },
    ],
  },
  {
    gameSlug: 'tft',
    kind: 'skins',
    title: 'Arena TFT Tesouro do Dragão + skin de Chibi',
    description:
      'Conta com a arena Tesouro do Dragão e o Chibi Ahri. Ótima pra quem joga só TFT. Entrega imediata.',
    priceCents: 9500,
    quantity: 1,
    createdMinutesAgo: 12 * day + 5 * hour,
    photos: [{ hue: 175, motif: 'chest' }],
  },
  {
    gameSlug: 'tft',
    kind: 'rare',
    title: 'Pequena Lenda Chibi Prestígio TFT (evento limitado)',
    description:
      'Conta com o Chibi de Prestígio do evento de lançamento, item que saiu da loja. Rank Diamante. Negocio com intermediação.',
    priceCents: 48000,
    quantity: 1,
    createdMinutesAgo: 28 * day,
    photos: [{ hue: 290, motif: 'gem' }],
  },

  // ── Clash Royale ──
  {
    gameSlug: 'clash-royale',
    kind: 'accounts',
    title: 'Conta Clash Royale nível 14 com 9.000 troféus',
    description:
      'Conta nível 14 com 9.000 troféus, 12 cartas no nível máximo e 4 campeões. Vinculada ao Supercell ID, passo o e-mail. Garantia de 15 dias.',
    priceCents: 34000,
    quantity: 1,
    createdMinutesAgo: 1 * day,
    photos: [
      { hue: 215, motif: 'crown' },
      { hue: 45, motif: 'shield' },
    ],
  },
  {
    gameSlug: 'clash-royale',
    kind: 'coins',
    title: '500 Gemas Clash Royale',
    description:
      'Compra de 500 gemas pela loja oficial, feita com você na call. Precisa apenas do Supercell ID. Entrega no mesmo dia.',
    priceCents: 2490,
    quantity: 40,
    createdMinutesAgo: 9 * day + 3 * hour,
    photos: [{ hue: 120, motif: 'gem' }],
  },
  {
    gameSlug: 'clash-royale',
    kind: 'items',
    title: 'Pass Royale Dourado (temporada atual)',
    description:
      'Ativo o Pass Royale Dourado da temporada na sua conta. Libera baús extras e a skin de torre. Entrega em até 2 horas.',
    priceCents: 3490,
    quantity: 25,
    createdMinutesAgo: 23 * day,
    photos: [{ hue: 226, motif: 'chest' }],
  },

  // ── EA Sports FC (FIFA) ──
  {
    gameSlug: 'fifa',
    kind: 'coins',
    title: '1M de coins EA FC 26 Ultimate Team (PS5)',
    description:
      'Coins do Ultimate Team entregues pelo método do mercado, com jogador comprado por você. Envio em partes pra não chamar atenção. Aceito pedido em qualquer quantidade.',
    priceCents: 22900,
    quantity: 10,
    createdMinutesAgo: 3 * hour,
    photos: [
      { hue: 140, motif: 'coins' },
      { hue: 150, motif: 'controller' },
    ],
  },
  {
    gameSlug: 'fifa',
    kind: 'coins',
    title: '2.800 FC Points (Xbox e PlayStation)',
    description:
      'Código de 2.800 FC Points para abrir pacotes no Ultimate Team. Envio o código pelo WhatsApp logo depois do pagamento. Confirme a sua plataforma antes de comprar.',
    priceCents: 11990,
    quantity: 30,
    createdMinutesAgo: 5 * day + 17 * hour,
    photos: [{ hue: 160, motif: 'coins' }],
  },
  {
    gameSlug: 'fifa',
    kind: 'accounts',
    title: 'Conta Ultimate Team com Mbappé TOTY e time 90+',
    description:
      'Conta com Mbappé TOTY, Vini Jr. e time inteiro acima de 90 de geral. Divisão Elite no Rivals. Passo a conta EA com o e-mail original.',
    priceCents: 98000,
    quantity: 1,
    createdMinutesAgo: 14 * day,
    photos: [
      { hue: 210, motif: 'shield' },
      { hue: 243, motif: 'crown' },
    ],
  },
  {
    gameSlug: 'fifa',
    kind: 'rare',
    title: 'Carta Ícone Pelé 98 EA FC (conta completa)',
    description:
      'Conta com o Ícone Pelé 98 e mais 5 ícones no clube. Carta rara e intransferível, por isso vendo a conta inteira. Garantia de 30 dias.',
    priceCents: 175000,
    quantity: 1,
    createdMinutesAgo: 25 * day,
    photos: [{ hue: 225, motif: 'crown' }],
  },

  // ── Apex Legends ──
  {
    gameSlug: 'apex',
    kind: 'accounts',
    title: 'Conta Apex Legends rank Predador com 40 skins lendárias',
    description:
      'Conta que terminou a última temporada no rank Predador, com 40 skins lendárias e todas as lendas liberadas. Vinculada à EA, sem ban. Garantia de 15 dias.',
    priceCents: 120000,
    quantity: 1,
    createdMinutesAgo: 7 * hour,
    photos: [
      { hue: 0, motif: 'emblem' },
      { hue: 15, motif: 'rifle' },
    ],
  },
  {
    gameSlug: 'apex',
    kind: 'coins',
    title: '1.000 Apex Coins (PC e console)',
    description:
      'Código de 1.000 Apex Coins. Envio em até 15 minutos após o pagamento. Confirme a plataforma antes de comprar.',
    priceCents: 4490,
    quantity: 35,
    createdMinutesAgo: 10 * day,
    photos: [{ hue: 5, motif: 'coins' }],
  },
  {
    gameSlug: 'apex',
    kind: 'rare',
    title: 'Conta Apex com Herança da Wraith (Kunai)',
    description:
      'Conta com a Kunai, herança da Wraith, e a skin Vazio Celestial. Itens raros que não se compram com moedas. Entrego com o e-mail original.',
    priceCents: 60000,
    quantity: 1,
    createdMinutesAgo: 29 * day,
    photos: [
      { hue: 265, motif: 'sword' },
      { hue: 250, motif: 'gem' },
    ],
  },

  // ── PUBG ──
  {
    gameSlug: 'pubg',
    kind: 'coins',
    title: '1.800 UC PUBG Mobile via ID',
    description:
      'Recarga de 1.800 UC pelo ID do PUBG Mobile, sem senha. Entrega em até 20 minutos. Comprovante enviado pelo WhatsApp.',
    priceCents: 11500,
    quantity: 45,
    createdMinutesAgo: 12 * hour,
    photos: [{ hue: 295, motif: 'coins' }],
  },
  {
    gameSlug: 'pubg',
    kind: 'accounts',
    title: 'Conta PUBG Mobile Conquistador com M416 Glacier',
    description:
      'Conta que chegou a Conquistador em 3 temporadas, com a M416 Glacier nível máximo e vários trajes míticos. Vinculada ao Twitter e e-mail. Garantia de 15 dias.',
    priceCents: 89000,
    quantity: 1,
    createdMinutesAgo: 6 * day + 20 * hour,
    photos: [
      { hue: 195, motif: 'rifle' },
      { hue: 35, motif: 'emblem' },
    ],
  },
  {
    gameSlug: 'pubg',
    kind: 'skins',
    title: 'Conta PUBG com skin AKM Dragão Vermelho',
    description:
      'Conta simples com a skin AKM Dragão Vermelho evoluída. Pra quem quer só a skin da AK sem gastar UC na roleta. Entrega com e-mail.',
    priceCents: 21000,
    quantity: 1,
    createdMinutesAgo: 20 * day + 10 * hour,
    photos: [{ hue: 5, motif: 'rifle' }],
  },

  // ── Outros ──
  {
    gameSlug: 'outros',
    kind: 'accounts',
    title: 'Conta Steam com 200 jogos (nível 50)',
    description:
      'Conta Steam nível 50 com 200 jogos, incluindo GTA V, Red Dead 2 e Elden Ring. Sem ban VAC. Entrego com e-mail original e ajudo a trocar o Steam Guard.',
    priceCents: 120000,
    quantity: 1,
    createdMinutesAgo: 2 * day + 6 * hour,
    photos: [
      { hue: 215, motif: 'controller' },
      { hue: 200, motif: 'chest' },
    ],
  },
  {
    gameSlug: 'outros',
    kind: 'items',
    title: 'Gift card Steam R$ 50 (código digital)',
    description:
      'Código de R$ 50 para a carteira Steam, conta do Brasil. Envio em poucos minutos depois do pagamento. Tenho também de R$ 100.',
    priceCents: 5500,
    quantity: 50,
    createdMinutesAgo: 11 * day,
    photos: [{ hue: 220, motif: 'gem' }],
  },
  {
    gameSlug: 'outros',
    kind: 'accounts',
    title: 'Conta Pokémon GO nível 40 com 15 lendários brilhantes',
    description:
      'Conta nível 40 com 15 lendários brilhantes e mais de 500 pokémons com IV alto. Vinculada ao Google, passo tudo. Garantia de 7 dias.',
    priceCents: 23000,
    quantity: 1,
    createdMinutesAgo: 30 * day - 2 * hour,
    photos: [
      { hue: 5, motif: 'shield' },
      { hue: 55, motif: 'gem' },
    ],
  },
  {
    gameSlug: 'outros',
    kind: 'items',
    title: 'Xbox Game Pass Ultimate 3 meses',
    description:
      'Código de 3 meses do Game Pass Ultimate, vale para console e PC. Envio pelo WhatsApp. Funciona em contas novas e antigas.',
    priceCents: 12990,
    quantity: 20,
    createdMinutesAgo: 4 * day + 2 * hour,
    photos: [{ hue: 120, motif: 'controller' }],
  },
];
