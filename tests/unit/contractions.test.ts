import { contract } from '@shared/contractions';
import { expect, it } from 'vitest';

it('joins a preposition with the article that follows it', () => {
  expect(contract('de', 'a intermediação #12')).toBe('da intermediação #12');
  expect(contract('de', 'o chamado #3')).toBe('do chamado #3');
  expect(contract('de', 'as denúncias')).toBe('das denúncias');
  expect(contract('de', 'os anúncios')).toBe('dos anúncios');
  expect(contract('em', 'a intermediação #12')).toBe('na intermediação #12');
  expect(contract('em', 'o fórum')).toBe('no fórum');
  expect(contract('em', 'uma conta')).toBe('numa conta');
  expect(contract('por', 'a equipe')).toBe('pela equipe');
  expect(contract('a', 'a equipe')).toBe('à equipe');
  expect(contract('a', 'o vendedor')).toBe('ao vendedor');
});

it('leaves a name, a capitalised word or a lone article as written', () => {
  expect(contract('de', 'PedroGamer')).toBe('de PedroGamer');
  expect(contract('de', 'A Gamer Ltda')).toBe('de A Gamer Ltda');
  expect(contract('de', 'alguém')).toBe('de alguém');
  expect(contract('em', 'a')).toBe('em a');
});
