import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each rule has one owner (issue 35): the code that decides it is written once, and every caller goes through it.
 * Like the audit sentences' test (tests/api/audit.test.ts), these read the server's source: a second copy of a
 * rule, or a caller that goes round its owner, fails here before it can drift from the first.
 */
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
  });

/** The server's code without its comments (which may quote a rule) and without the migrations' SQL. */
const sources = walk('src/server')
  .filter((file) => !file.startsWith('src/server/db/migrations/'))
  .map((file) => ({
    file,
    code: readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }));

/** The files outside `owners` whose code matches any of `patterns`, with what matched. */
const writtenOutside = (owners: string[], patterns: RegExp[], within = 'src/server/') =>
  sources
    .filter(({ file }) => file.startsWith(within) && !owners.includes(file))
    .flatMap(({ file, code }) =>
      patterns.flatMap((pattern) =>
        [...code.matchAll(new RegExp(pattern, 'g'))].map((m) => `${file}: ${m[0]}`),
      ),
    );

const importing = (module: RegExp) => sources.filter(({ code }) => module.test(code)).map(({ file }) => file);
const calling = (fn: string) => sources.filter(({ code }) => code.includes(`${fn}(`)).map(({ file }) => file);

describe('suspension in force: accounts/standing.ts', () => {
  const owner = 'src/server/modules/accounts/standing.ts';

  it('is the only code that tests a penalty or its end', () => {
    const inForceTests = [
      /\bends_at\s*(>|<|is null)/, // raw SQL: `ends_at > now()`, `ends_at is null`
      /userSuspensions\.endsAt\}?\s*(>|<|is null)/, // a template: `${userSuspensions.endsAt} > …`
      /(gt|lt|gte|lte|isNull|isNotNull)\(userSuspensions\.endsAt/, // drizzle's operators
      /(eq|ne)\(userSuspensions\.penalty/,
      /\bpenalty\}?\s*(<>|=)\s*'/, // `penalty <> 'advertencia'`, `… = 'permanente'` in SQL
      /\.penalty\s*!==\s*'advertencia'/, // the in-force test on a row read
      /\.endsAt\s*===\s*null\s*\|\|/, // `endsAt === null || endsAt > now`
    ];
    expect(writtenOutside([owner], inForceTests)).toEqual([]);
  });

  it('reads one clock, the one its caller passes: never the database’s now()', () => {
    const code = sources.find(({ file }) => file === owner)?.code ?? '';
    expect(code).not.toMatch(/now\(\)/);
    expect(code).not.toMatch(/new Date\(/);
  });

  it('is what listings, the shop, the forum, offers, trades, reviews and the staff’s pages go through', () => {
    const readers = importing(/from '(\.\.\/accounts|\.)\/standing'/);
    for (const folder of [
      'listings',
      'community',
      'offers',
      'trades',
      'reviews',
      'admin',
      'games',
      'profiles',
    ]) {
      expect(
        readers.some((file) => file.startsWith(`src/server/modules/${folder}/`)),
        folder,
      ).toBe(true);
    }
    expect(readers).toContain('src/server/modules/listings/open-shop.ts');
    expect(readers).toContain('src/server/modules/accounts/auth-hooks.ts');
  });
});

describe("the forum's ban: community/forum-ban.ts", () => {
  it('is the only code that applies a ban to what the forum shows', () => {
    expect(calling('notBannedSql').sort()).toEqual([
      'src/server/modules/accounts/standing.ts',
      'src/server/modules/community/forum-ban.ts',
    ]);
    expect(calling('seesBannedMembersWriting')).toEqual(['src/server/modules/community/forum-ban.ts']);
    // The shop knows suspensions, not the forum's rule.
    expect(writtenOutside([], [/[Bb]anned/], 'src/server/modules/listings/')).toEqual([]);
  });

  it("is what the forum's list, posts, comments and the sitemap go through", () => {
    expect(importing(/from '(\.\.\/community|\.)\/forum-ban'/).sort()).toEqual([
      'src/server/modules/community/comments.ts',
      'src/server/modules/community/posts.ts',
      'src/server/modules/seo/sitemap.ts',
    ]);
  });
});

describe('who may see a trade: trades/access.ts', () => {
  const readers = [
    'src/server/modules/trades/seat.ts',
    'src/server/modules/trade-chat/service.ts',
    'src/server/modules/trade-call/service.ts',
    'src/server/modules/trade-recordings/service.ts',
  ];

  it('is what the room, its chat, its call and its recordings read a trade through', () => {
    for (const file of readers) expect(calling('tradeSeenBy'), file).toContain(file);
  });

  it('is the only module that applies the rule, but reviews (which trades imports, so it cannot import access)', () => {
    expect(
      writtenOutside(
        ['src/server/modules/trades/access.ts', 'src/server/modules/reviews/service.ts'],
        [/canSeeTrade\(/],
        'src/server/modules/',
      ),
    ).toEqual([]);
    // No reader compares the viewer to the trade's parties by hand.
    const byHand = [
      /\.(buyerId|sellerId)\s*===\s*viewer\.userId/,
      /viewer\.userId\s*===\s*\w+\.(buyerId|sellerId)/,
    ];
    for (const folder of ['trades', 'trade-chat', 'trade-call', 'trade-recordings']) {
      expect(writtenOutside([], byHand, `src/server/modules/${folder}/`)).toEqual([]);
    }
  });
});

describe("a payout's key: trades/payout-key.ts", () => {
  it('only trades write the payout columns; pix-keys calls trades to fix them', () => {
    const payoutColumns = [/payout(PixKey|HolderName)\s*:/, /payout_(pix_key|holder_name)\s*=/];
    expect(
      writtenOutside(['src/server/db/schema/trades.ts'], payoutColumns).filter(
        (hit) => !hit.startsWith('src/server/modules/trades/'),
      ),
    ).toEqual([]);
    expect(calling('fixDuePayoutKeys')).toContain('src/server/modules/pix-keys/service.ts');
    expect(writtenOutside([], [/\btrades\b\s*[,}]/], 'src/server/modules/pix-keys/')).toEqual([]);
  });
});

describe('what profiles show to whom: src/shared/permissions.ts', () => {
  it('the profile pages decide through its rules, never by comparing the viewer or checking a role', () => {
    const byHand = [
      /viewer\??\.userId\s*===/,
      /===\s*(request\.)?viewer\??\.userId/,
      /\bisStaff\(/,
      /\bisAdmin\(/,
    ];
    expect(writtenOutside([], byHand, 'src/server/modules/profiles/')).toEqual([]);
    for (const file of sources.filter(
      ({ file, code }) => file.startsWith('src/server/modules/profiles/') && code.includes('privacy'),
    )) {
      expect(file.code, file.file).toMatch(/canSee(ProfileDetails|MemberActivity)\(/);
    }
  });
});
