import type { CommunityCategory } from '@shared/community-rules';

type Author = 'admin' | 'seller' | 'buyer';

export interface DemoPost {
  author: Author;
  category: CommunityCategory;
  title: string;
  content: string;
  hoursAgo: number;
  likedBy: Author[];
  comments: { author: Author; content: string }[];
}

/** A forum that looks lived in on a fresh start, written by the three demo accounts. */
export const demoPosts: DemoPost[] = [
  {
    author: 'admin',
    category: 'suporte',
    title: 'Como funciona a intermediação do Mercado Gamer',
    content:
      'Na intermediação, o pagamento do comprador fica retido até ele confirmar que recebeu o item.\n\n1. O vendedor confirma o valor.\n2. A equipe confirma o pagamento via PIX.\n3. O comprador confirma a entrega.\n4. A equipe libera o pagamento ao vendedor em até 24 h.\n\nDúvidas? Comente aqui ou veja a Central de Ajuda.',
    hoursAgo: 240,
    likedBy: ['seller', 'buyer'],
    comments: [
      {
        author: 'buyer',
        content: 'Usei na semana passada para comprar uma conta de Valorant, foi tranquilo.',
      },
      { author: 'seller', content: 'Como vendedor, recebi o PIX no mesmo dia. Recomendo!' },
    ],
  },
  {
    author: 'seller',
    category: 'dicas',
    title: 'Dicas para não cair em golpe ao vender skins',
    content:
      'Algumas regras que sigo há anos:\n- Nunca entregue o item antes da confirmação do pagamento pela equipe.\n- Desconfie de "comprovantes" enviados por foto.\n- Negocie sempre pelo chat do site, nunca por links enviados no privado.\n\nGuia completo: https://www.mercadogamer.local/seguranca',
    hoursAgo: 96,
    likedBy: ['buyer', 'admin'],
    comments: [{ author: 'admin', content: 'Ótimas dicas! Fixamos este post no grupo oficial de CS2.' }],
  },
  {
    author: 'buyer',
    category: 'ddtank',
    title: 'Servidor S3 do DDtank: evento de fim de semana',
    content:
      'Alguém sabe se o evento de cupons do servidor S3 volta neste fim de semana? Quero juntar para o pet novo.',
    hoursAgo: 30,
    likedBy: ['seller'],
    comments: [{ author: 'seller', content: 'Pelo calendário do servidor, começa sábado às 10h.' }],
  },
  {
    author: 'seller',
    category: 'geral',
    title: 'Qual jogo vocês mais estão jogando em 2026?',
    content: 'Por aqui é CS2 e um pouco de Stardew Valley para relaxar. E vocês?',
    hoursAgo: 8,
    likedBy: [],
    comments: [],
  },
];
