import { z } from 'zod';

/** A banner's uploaded picture: up to 10 MB (part 2 §9). */
export const MAX_BANNER_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_BANNER_TITLE = 120;
export const MAX_BANNER_DESCRIPTION = 300;
export const MAX_BANNER_URL = 2048;

export const bannerMessages = {
  loadFailed: 'Falha ao carregar banners',
  saveFailed: 'Falha ao salvar banner',
  deleteFailed: 'Falha ao excluir banner',
  toggleFailed: 'Falha ao atualizar status do banner',
  created: 'Banner criado com sucesso!',
  updated: 'Banner atualizado com sucesso!',
  deleted: 'Banner excluído com sucesso!',
  activated: 'Banner ativado com sucesso!',
  deactivated: 'Banner desativado com sucesso!',
  deleteConfirm: 'Tem certeza que deseja excluir este banner?',
  imageRequired: 'Por favor, selecione uma imagem para o banner',
  imageTooLarge: 'O arquivo deve ter no máximo 10MB.',
  notAnImage: 'Por favor, selecione apenas arquivos de imagem.',
  oneImage: 'Envie uma imagem ou informe um endereço, não os dois.',
  titleRequired: 'O título é obrigatório.',
  titleTooLong: `O título deve ter no máximo ${MAX_BANNER_TITLE} caracteres.`,
  descriptionTooLong: `A descrição deve ter no máximo ${MAX_BANNER_DESCRIPTION} caracteres.`,
  httpsRequired: 'Informe um endereço https:// válido.',
  linkInvalid: 'Informe um link https:// ou um caminho do site (começando com /).',
  orderInvalid: 'A ordem de exibição deve ser um número inteiro maior ou igual a 1.',
  notFound: 'Banner não encontrado.',
} as const;
const m = bannerMessages;

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || null);

/** The banner form's text fields, as a multipart form sends them (every value a string). */
export const bannerFields = z.object({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(MAX_BANNER_TITLE, m.titleTooLong),
  description: optionalText(MAX_BANNER_DESCRIPTION, m.descriptionTooLong),
  /** Where a click goes: https, or a path of this site ('/marketplace'). */
  linkUrl: optionalText(MAX_BANNER_URL, m.linkInvalid).refine(
    (v) => v === null || isHttps(v) || /^\/(?!\/)[^\s]*$/.test(v),
    m.linkInvalid,
  ),
  imageUrl: optionalText(MAX_BANNER_URL, m.httpsRequired).refine(
    (v) => v === null || isHttps(v),
    m.httpsRequired,
  ),
  /** Empty on a new banner: it goes last (count + 1). */
  displayOrder: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 100_000) {
        ctx.addIssue({ code: 'custom', message: m.orderInvalid });
        return z.NEVER;
      }
      return n;
    }),
});

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** The picture to show (the 1280px-or-smaller WebP, or the given https address) and its srcset. */
  imageUrl: z.string(),
  imageSrcSet: z.string().nullable(),
  /** True when the picture was uploaded here; false for an outside address. */
  uploaded: z.boolean(),
  linkUrl: z.string().nullable(),
  displayOrder: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Banner = z.infer<typeof banner>;
export const bannerList = z.object({ banners: z.array(banner) });
export type BannerList = z.infer<typeof bannerList>;
export const bannerParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const bannerActiveInput = z.object({ active: z.boolean() });
