export interface CategoryCopy {
  tagline: string;
  text: string;
}

/** The banner text of the games the spec names (by canonical slug); other games get the generic text. */
const copy: Record<string, CategoryCopy> = {
  lol: {
    tagline: 'Suba de elo com estilo',
    text: 'Contas ranqueadas, skins raras, campeões desbloqueados e RP. Negocie com outros invocadores e conte com a intermediação da nossa equipe do começo ao fim.',
  },
  cs2: {
    tagline: 'Skins, facas e contas Prime',
    text: 'Do AK-47 mais disputado às facas e luvas raras: encontre skins e contas de Counter-Strike 2 com preço justo e entrega acompanhada pela nossa equipe.',
  },
  'free-fire': {
    tagline: 'Diamantes e contas com skins exclusivas',
    text: 'Diamantes, contas com pacotes raros, emotes e passes de elite. Compre e venda itens de Free Fire com pagamento via PIX e intermediação garantida.',
  },
  minecraft: {
    tagline: 'Construa o seu mundo',
    text: 'Contas originais, Minecoins, mapas, servidores e itens para sobrevivência e minigames. Tudo o que a comunidade de Minecraft negocia, em um só lugar.',
  },
  valorant: {
    tagline: 'Contas ranqueadas e skins premium',
    text: 'Contas com Vandals e Phantoms cobiçadas, Valorant Points e contas prontas para o competitivo. Negocie com segurança e suporte 24h.',
  },
};

export function categoryCopy(slug: string, gameName: string): CategoryCopy {
  return (
    copy[slug] ?? {
      tagline: 'Itens, contas e moedas',
      text: `Encontre itens, contas, moedas e skins de ${gameName} anunciados por jogadores de todo o Brasil, com intermediação garantida e pagamento via PIX.`,
    }
  );
}
