import { accountMessages } from '@shared/account-messages';
import { hasHiddenCharacter, normalizeName, registerInput, withoutHiddenCharacters } from '@shared/accounts';
import { profileInput } from '@shared/settings';
import { describe, expect, it } from 'vitest';
import {
  isReservedName,
  NAME_KEYS_PREFIX,
  nameSkeletons,
  skeleton,
} from '../../src/server/modules/accounts/names';

const shareKey = (a: string, b: string) => nameSkeletons(a).some((key) => nameSkeletons(b).includes(key));

describe('normalizeName', () => {
  it('applies NFKC: a no-break space, full-width letters and ligatures become the plain ones', () => {
    expect(normalizeName('Equipe\u00a0Mercado')).toBe('Equipe Mercado');
    expect(normalizeName('Ｐｌａｙｅｒ')).toBe('Player');
    expect(normalizeName('ﬁnal')).toBe('final');
    expect(normalizeName('  muitos    espaços  ')).toBe('muitos espaços');
  });

  it('keeps accents and letters of any script as typed (composed)', () => {
    expect(normalizeName('João')).toBe('João');
    expect(normalizeName('N\u0303andu\u0301')).toBe('Ñandú');
    expect(normalizeName('Алексей')).toBe('Алексей');
  });

  it('drops emoji presentation selectors only', () => {
    expect(normalizeName('Gamer❤️')).toBe('Gamer❤');
    expect(hasHiddenCharacter('Gamer❤️')).toBe(false);
  });
});

describe('hasHiddenCharacter', () => {
  it.each([
    ['zero-width space', 'Equipe\u200bMercado'],
    ['zero-width joiner', 'Equi\u200dpe'],
    ['zero-width non-joiner', 'Equi\u200cpe'],
    ['word joiner', 'Equi\u2060pe'],
    ['byte-order mark', '\ufeffEquipe'],
    ['soft hyphen', 'Equi\u00adpe'],
    ['right-to-left override', '\u202eepiuqE'],
    ['left-to-right isolate', '\u2066Equipe\u2069'],
    ['right-to-left mark', 'Equipe\u200f'],
    ['Hangul filler', 'Equipe\u3164'],
    ['a control character', 'Equi\u0007pe'],
    ['a line separator', 'Equipe\u2028Mercado'],
    ['a private-use character', 'Equipe\ue000'],
  ])('finds a %s', (_, name) => {
    expect(hasHiddenCharacter(name)).toBe(true);
  });

  it('passes ordinary names', () => {
    for (const name of ['João', 'Ñandú', 'Player_01', 'Zé Ninguém', 'Ⅻ Legião', 'スキン屋']) {
      expect(hasHiddenCharacter(name), name).toBe(false);
    }
  });

  it('a provider name loses them instead', () => {
    expect(withoutHiddenCharacters('Nel\u200bly\u202e')).toBe('Nelly');
  });
});

describe('the name fields', () => {
  const base = { email: 'a@b.com', password: 'segredo1', confirmPassword: 'segredo1' };
  it('refuse hidden characters with the pt-BR message under the field, and store the normalised name', () => {
    const hidden = registerInput.safeParse({ ...base, nickname: 'Equipe\u200bMercado' });
    expect(hidden.success).toBe(false);
    expect(hidden.error?.issues[0]).toMatchObject({
      path: ['nickname'],
      message: accountMessages.nameHiddenCharacter,
    });
    expect(registerInput.parse({ ...base, nickname: ' Ｊｏãｏ\u00a0 ' }).nickname).toBe('João');
    const profile = profileInput.parse({ username: 'Joao', fullName: 'Maria\u00a0Silva' });
    expect(profile.fullName).toBe('Maria Silva');
    const fullName = profileInput.safeParse({ username: 'Joao', fullName: 'Maria\u202e' });
    expect(fullName.error?.issues[0]?.path).toEqual(['fullName']);
  });
});

describe('UTS #39 skeletons', () => {
  it('map look-alike letters of other scripts to one prototype', () => {
    expect(skeleton('Gam\u0435r')).toBe(skeleton('Gamer')); // Cyrillic 'е'
    expect(skeleton('ΑΒС')).toBe(skeleton('ABC')); // Greek Alpha, Beta; Cyrillic Es
    expect(skeleton('paypal')).toBe(skeleton('𝔭𝒶ỿ𝕡𝕒ℓ'));
  });

  it('tie look-alike names, whatever the case, spaces and punctuation', () => {
    expect(shareKey('Isabela', 'lsabela')).toBe(true); // capital I, lower-case l
    expect(shareKey('Isabela', 'ISABELA')).toBe(true);
    expect(shareKey('Isabela Skins', 'isabela_skins')).toBe(true);
    expect(shareKey('rn', 'm')).toBe(true);
    expect(shareKey('Vendedor', 'V\u0435nd\u0435dor')).toBe(true);
  });

  it('fold combining marks: a dot under a letter, or an accent, does not tell two names apart', () => {
    expect(shareKey('Gestor Anạ', 'Gestor Ana')).toBe(true); // a + U+0323, precomposed
    expect(shareKey('Gestor Ana\u0323', 'Gestor Ana')).toBe(true); // a + U+0323, combining
    expect(shareKey('Gesto\u0330r Ana', 'Gestor Ana')).toBe(true); // a tilde below
    expect(shareKey('João', 'Joao')).toBe(true);
    expect(shareKey('Ñandú', 'Nandu')).toBe(true);
  });

  it('keep different names apart', () => {
    expect(shareKey('igor', 'lgor')).toBe(false); // a dotted i is not an l
    expect(shareKey('PlayerUm', 'PlayerDois')).toBe(false);
    expect(shareKey('Ana', 'Ane')).toBe(false);
  });

  it('carry the version of the folding that made them, so older rows are recomputed at start', () => {
    for (const key of nameSkeletons('Gestor Ana')) expect(key.startsWith(NAME_KEYS_PREFIX)).toBe(true);
  });
});

describe('reserved names', () => {
  it.each([
    'Equipe Mercado Gamer',
    'EQUIPE MERCADO GAMER',
    'Equipe Mercado Gam\u0435r',
    'Equipe\u00a0Mercado Gamer',
    'equipe.mercado.gamer',
    'MercadoGamerOficial',
    'Suporte',
    'SuporteMG',
    'Admin',
    'ADMlN',
    'Adm1n',
    'Administrador',
    'Moderador',
    'Moderação',
    'Moderacao',
    'Intermediador',
    'Staff',
    'Equipe',
    'Oficial',
    'Usuário removido',
    // Issue 33: more service words, leetspeak, and 'MG' after a word the team would use.
    'Equipe MG',
    'Equipe.MG',
    'EquipeMG',
    'MG Oficial',
    'Atendimento MG',
    'Atendimento',
    'Mediador',
    'Mediação',
    'Intermediario',
    'Intermediário',
    'M3rcado Gamer',
    'Merc4do G4mer',
    'Financeiro MG',
    'Financeiro',
    'Ouvidoria',
    'Segurança',
    'Seguranca MG',
    'Sup0rte',
    '5uporte',
    'Supor7e',
    '$uporte',
    '@dmin',
    'Adm!n',
    'Atend1mento',
    'Ouv1d0r1a',
    'Equ1pe MG',
    'MG',
  ])('%s reads as staff', (name) => {
    expect(isReservedName(name)).toBe(true);
  });

  it.each([
    'João',
    'Ñandú',
    'Equipe Rocket',
    'Loja Oficial do Zé',
    'PlayerUm',
    'Mercado Livre Fan',
    'Gamer',
    'Ana',
    'Gestor Ana',
    'Player1',
    'Zeca MG', // Minas Gerais: 'MG' after a name of one's own is a state, not the team
    'Skins BH 2024',
    'Ryu_007',
  ])('%s does not', (name) => {
    expect(isReservedName(name)).toBe(false);
  });
});
