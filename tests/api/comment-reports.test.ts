import { communityMessages as cm } from '@shared/community-messages';
import type { StaffReportPage } from '@shared/moderation';
import { moderationMessages as m } from '@shared/moderation-messages';
import type { MemberReports } from '@shared/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments, listingComments, reports } from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
let moderator: string;

beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
  const mod = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, mod.email, mod.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const newMember = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await sessionCookie(t, user.id) };
};
const reportCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(reports))[0]?.n;
const goodReport = { reason: 'ofensivo', details: 'Xingou o vendedor.' };

/** A comment of `author` on a listing, and one on a forum post; their ids and where they are. */
async function comments(author: TestUser) {
  const seller = await createUser(t.db);
  const listingId = await createListing(t.db, seller.id, { gameId, title: 'Conta com skins' });
  const postId = await createPost(t.db, seller.id, { title: 'Dúvida sobre ranqueada' });
  const [onListing] = await t.db
    .insert(listingComments)
    .values({ listingId, authorId: author.id, body: 'Golpista, não comprem daqui!' })
    .returning({ id: listingComments.id });
  const [onPost] = await t.db
    .insert(communityComments)
    .values({ postId, authorId: author.id, content: 'Comentário ofensivo no fórum' })
    .returning({ id: communityComments.id });
  return { listingId, postId, listingComment: onListing?.id as number, postComment: onPost?.id as number };
}

const kinds = [
  {
    kind: 'listing_comment',
    path: 'listing-comments',
    id: 'listingComment',
    text: 'Golpista, não comprem daqui!',
  },
  { kind: 'post_comment', path: 'post-comments', id: 'postComment', text: 'Comentário ofensivo no fórum' },
] as const;

describe('members report comments on listings and on forum posts', () => {
  for (const { kind, path, id, text } of kinds) {
    it(`${kind}: a guest is asked to sign in, the author is refused, a missing comment is 404; nothing stored`, async () => {
      const author = await newMember();
      const target = await comments(author.user);
      const url = `/api/reports/${path}/${target[id]}`;
      const before = await reportCount();
      const guest = await api.as().post(url, goodReport);
      expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.reportLoginRequired]);
      const own = await api.as(author.cookie).post(url, goodReport);
      expect([own.statusCode, errorOf(own).message]).toEqual([403, cm.reportOwnComment]);
      const missing = await api.as(author.cookie).post(`/api/reports/${path}/999999`, goodReport);
      expect([missing.statusCode, errorOf(missing).message]).toEqual([404, cm.commentNotFound]);
      const bad = await api.as(author.cookie).post(url, { reason: 'nao' });
      expect(bad.statusCode).toBe(400);
      expect(await reportCount()).toBe(before);
    });

    it(`${kind}: one report per member, in the history and in the staff queue with its text and its place`, async () => {
      const author = await newMember();
      const reporter = await newMember();
      const target = await comments(author.user);
      const url = `/api/reports/${path}/${target[id]}`;
      const first = await api.as(reporter.cookie).post(url, goodReport);
      expect(first.statusCode, first.body).toBe(201);
      const again = await api.as(reporter.cookie).post(url, goodReport);
      expect([again.statusCode, errorOf(again).message]).toEqual([409, cm.reportCommentDuplicate]);

      const mine = (await api.as(reporter.cookie).get('/api/reports/mine')).json() as MemberReports;
      expect(mine.reports.map((r) => [r.targetType, r.targetName, r.status])).toEqual([
        [kind, text, 'pendente'],
      ]);

      const queue = (
        await api.as(moderator).get(`/api/staff/reports?targetType=${kind}`)
      ).json() as StaffReportPage;
      const row = queue.reports.find((r) => r.id === first.json().id);
      const place =
        kind === 'listing_comment' ? `/listing/${target.listingId}` : `/community/post/${target.postId}`;
      expect(row).toMatchObject({
        targetType: kind,
        targetName: text,
        targetExists: true,
        targetUserId: author.user.id,
        targetPath: `${place}#comentario-${target[id]}`,
        reason: 'ofensivo',
      });
      expect(queue.reports.every((r) => r.targetType === kind)).toBe(true);
    });
  }

  it('a long comment is kept as an excerpt, and the report outlives the comment', async () => {
    const author = await newMember();
    const reporter = await newMember();
    const { postId } = await comments(author.user);
    const [long] = await t.db
      .insert(communityComments)
      .values({ postId, authorId: author.user.id, content: 'a'.repeat(900) })
      .returning({ id: communityComments.id });
    const res = await api.as(reporter.cookie).post(`/api/reports/post-comments/${long?.id}`, goodReport);
    expect(res.statusCode).toBe(201);
    await api.as(author.cookie).delete(`/api/community/comments/${long?.id}`);
    const queue = (
      await api.as(moderator).get('/api/staff/reports?targetType=post_comment')
    ).json() as StaffReportPage;
    const row = queue.reports.find((r) => r.id === res.json().id);
    expect(row?.targetName).toHaveLength(300);
    expect(row?.targetName.endsWith('…')).toBe(true);
    expect([row?.targetExists, row?.targetPath]).toEqual([false, null]);
  });
});
