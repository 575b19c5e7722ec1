import { communityMessages as m } from '@shared/community-messages';
import { errorMessages } from '@shared/errors';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, communityLikes, communityPosts, reports } from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let author: TestUser;
let authorCookie: string;
let otherCookie: string;
let staff: TestUser;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, { nickname: 'Autora' });
  const other = await createUser(t.db, { nickname: 'Leitor' });
  staff = await createStaff(t.db, 'moderator');
  authorCookie = await signIn(t.app, author.email, author.password);
  otherCookie = await signIn(t.app, other.email, other.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t.close());

const api = apiOf(() => t);
const newPost = { title: 'Dica de DDtank para iniciantes', category: 'ddtank', content: 'Faça as diárias.' };
const postIds = async () =>
  (await t.db.select({ id: communityPosts.id }).from(communityPosts)).map((r) => r.id);

describe('writing a post', () => {
  it('refuses guests, before looking at what they typed', async () => {
    const before = await postIds();
    for (const body of [newPost, { title: '' }]) {
      const res = await api.as().post('/api/community/posts', body);
      expect([res.statusCode, errorOf(res).message]).toEqual([401, m.postLoginRequired]);
    }
    expect(await postIds()).toEqual(before);
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await postIds();
    const res = await api.as(authorCookie).post('/api/community/posts', {
      title: '   ',
      category: 'fofoca',
      content: '',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      title: m.titleRequired,
      category: m.invalidCategory,
      content: m.contentRequired,
    });
    const long = await api.as(authorCookie).post('/api/community/posts', {
      ...newPost,
      content: 'a'.repeat(5001),
    });
    expect(errorOf(long).fields).toEqual({ content: m.contentTooLong });
    expect(await postIds()).toEqual(before);
  });

  it('publishes for a signed-in user, trimmed, and shows it first', async () => {
    const res = await api.as(authorCookie).post('/api/community/posts', {
      ...newPost,
      title: `  ${newPost.title} `,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const detail = (await api.as(authorCookie).get(`/api/community/posts/${id}`)).json();
    expect(detail).toMatchObject({
      id,
      authorId: author.id,
      title: newPost.title,
      category: 'ddtank',
      likesCount: 0,
      repliesCount: 0,
      likedByMe: false,
      canDelete: true,
    });
    const list = (await api.as().get('/api/community/posts')).json();
    expect(list.posts[0]).toMatchObject({ id, author: { username: 'Autora', isStaff: false } });
  });

  it('stops a member at 10 posts per window', async () => {
    const eager = await createUser(t.db);
    const cookie = await signIn(t.app, eager.email, eager.password);
    for (let i = 0; i < 10; i++) {
      expect((await api.as(cookie).post('/api/community/posts', newPost)).statusCode).toBe(201);
    }
    const before = await postIds();
    const res = await api.as(cookie).post('/api/community/posts', newPost);
    expect([res.statusCode, errorOf(res).message]).toEqual([429, errorMessages.rateLimited]);
    expect(await postIds()).toEqual(before);
  });

  it('keeps script as text: the API returns exactly what was typed', async () => {
    const content = '<script>alert("x")</script> <img src=x onerror=alert(1)> veja https://exemplo.com';
    const { id } = (await api.as(authorCookie).post('/api/community/posts', { ...newPost, content })).json();
    expect((await api.as().get(`/api/community/posts/${id}`)).json().content).toBe(content);
  });
});

describe('editing a post', () => {
  it('is for its author only: guests, other users and staff are refused and nothing changes', async () => {
    const id = await createPost(t.db, author.id, { title: 'Título original' });
    const edit = { title: 'Título trocado', category: 'geral', content: 'Outro texto.' };
    const guest = await api.as().put(`/api/community/posts/${id}`, edit);
    expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.postLoginRequired]);
    for (const cookie of [otherCookie, staffCookie]) {
      const res = await api.as(cookie).put(`/api/community/posts/${id}`, edit);
      expect([res.statusCode, errorOf(res).message]).toEqual([403, m.editPostForbidden]);
    }
    const post = (await api.as(staffCookie).get(`/api/community/posts/${id}`)).json();
    expect(post).toMatchObject({ title: 'Título original', editedAt: null, canEdit: false, canDelete: true });
  });

  it('lets the author fix it, validated like a new post, and marks it edited', async () => {
    const id = await createPost(t.db, author.id, { title: 'Título com erro' });
    const bad = await api.as(authorCookie).put(`/api/community/posts/${id}`, { ...newPost, title: '' });
    expect([bad.statusCode, errorOf(bad).fields]).toEqual([400, { title: m.titleRequired }]);
    const res = await api.as(authorCookie).put(`/api/community/posts/${id}`, {
      title: 'Título corrigido',
      category: 'dicas',
      content: 'Texto novo.',
    });
    expect(res.statusCode).toBe(200);
    const post = (await api.as(authorCookie).get(`/api/community/posts/${id}`)).json();
    expect(post).toMatchObject({
      title: 'Título corrigido',
      category: 'dicas',
      content: 'Texto novo.',
      canEdit: true,
    });
    expect(Date.parse(post.editedAt)).not.toBeNaN();
    const missing = await api.as(authorCookie).put('/api/community/posts/987654', newPost);
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, m.postNotFound]);
  });
});

describe('reading posts', () => {
  it('answers “Post não encontrado.” for a missing post', async () => {
    const res = await api.as().get('/api/community/posts/987654');
    expect([res.statusCode, errorOf(res).message]).toEqual([404, m.postNotFound]);
  });

  it('filters by category, searches title and content without accents, pages by 10', async () => {
    const local = await createTestApp();
    try {
      const writer = await createUser(local.db);
      for (let i = 0; i < 12; i++) {
        await createPost(local.db, writer.id, {
          title: `Notícia ${i}`,
          category: i % 2 ? 'dicas' : 'suporte',
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        });
      }
      await createPost(local.db, writer.id, { title: 'Evento', content: 'Promoção de CORAÇÕES no servidor' });
      const get = async (q: string) => (await local.app.inject({ url: `/api/community/posts?${q}` })).json();

      const first = await get('page=1');
      expect([first.total, first.pageSize, first.posts.length]).toEqual([13, 10, 10]);
      expect(first.posts[1].title).toBe('Notícia 11');
      expect((await get('page=2')).posts.map((p: { title: string }) => p.title)).toEqual([
        'Notícia 2',
        'Notícia 1',
        'Notícia 0',
      ]);
      const dicas = await get('category=dicas');
      expect(dicas.total).toBe(6);
      expect(dicas.posts.every((p: { category: string }) => p.category === 'dicas')).toBe(true);
      expect((await get('q=coracoes')).posts.map((p: { title: string }) => p.title)).toEqual(['Evento']);
      expect((await get('q=noticia 11')).total).toBe(1);
      expect((await get('q=100%25')).total).toBe(0);
    } finally {
      await local.close();
    }
  });

  it('gives the public profile: the username, the avatar, and the details of a public profile', async () => {
    const res = await api.as().get(`/api/profiles/${author.id}`);
    expect(res.json()).toEqual({
      id: author.id,
      username: 'Autora',
      avatarUrl: null,
      details: { fullName: null, bio: null },
    });
    expect((await api.as().get('/api/profiles/nobody')).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('needs a signed-in user', async () => {
    const id = await createPost(t.db, author.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api.as().request(method, `/api/community/posts/${id}/like`, undefined);
      expect([res.statusCode, errorOf(res).message]).toEqual([401, m.likeLoginRequired]);
    }
  });

  it('likes once per user, unlikes, and tells whether the viewer likes it', async () => {
    const id = await createPost(t.db, author.id);
    const like = () => api.as(otherCookie).put(`/api/community/posts/${id}/like`);
    expect((await like()).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like()).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await api.as(otherCookie).get(`/api/community/posts/${id}`)).json().likedByMe).toBe(true);
    expect((await api.as().get(`/api/community/posts/${id}`)).json().likedByMe).toBe(false);
    const unlike = () => api.as(otherCookie).delete(`/api/community/posts/${id}/like`);
    expect((await unlike()).json()).toEqual({ liked: false, likesCount: 0 });
    expect((await unlike()).json()).toEqual({ liked: false, likesCount: 0 });
  });

  it('keeps the count exact under concurrent likes and unlikes', async () => {
    const id = await createPost(t.db, author.id);
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    const cookies = await Promise.all(users.map((u) => signIn(t.app, u.email, u.password)));
    // Everyone likes at once, several times each; then half unlike at once while the rest like again.
    await Promise.all(
      cookies.flatMap((c) => [1, 2, 3].map(() => api.as(c).put(`/api/community/posts/${id}/like`))),
    );
    await Promise.all(
      cookies.map((c, i) =>
        api.as(c).request(i % 2 ? 'DELETE' : 'PUT', `/api/community/posts/${id}/like`, undefined),
      ),
    );
    const [post] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, id));
    const [rows] = await t.db
      .select({ n: count() })
      .from(communityLikes)
      .where(eq(communityLikes.postId, id));
    expect([post?.likesCount, rows?.n]).toEqual([6, 6]);
  });

  it('answers “Post não encontrado.” for a missing post', async () => {
    const res = await api.as(otherCookie).put('/api/community/posts/987654/like');
    expect([res.statusCode, errorOf(res).message]).toEqual([404, m.postNotFound]);
  });
});

describe('comments', () => {
  it('refuses guests and blank comments, and writes nothing', async () => {
    const id = await createPost(t.db, author.id);
    const guest = await api.as().post(`/api/community/posts/${id}/comments`, { content: 'Boa!' });
    expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.commentLoginRequired]);
    const blank = await api.as(otherCookie).post(`/api/community/posts/${id}/comments`, {
      content: '  \n ',
    });
    expect([blank.statusCode, errorOf(blank).message]).toEqual([400, m.commentRequired]);
    expect((await api.as().get(`/api/community/posts/${id}/comments`)).json().comments).toEqual([]);
    expect((await api.as().get(`/api/community/posts/${id}`)).json().repliesCount).toBe(0);
  });

  it('adds comments oldest first, counts them and marks staff', async () => {
    const id = await createPost(t.db, author.id);
    const first = await api.as(otherCookie).post(`/api/community/posts/${id}/comments`, {
      content: ' Valeu! ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ content: 'Valeu!', author: { username: 'Leitor', isStaff: false } });
    await api.as(staffCookie).post(`/api/community/posts/${id}/comments`, { content: 'Fixado.' });
    const list = (await api.as(otherCookie).get(`/api/community/posts/${id}/comments`)).json().comments;
    expect(list.map((c: { content: string }) => c.content)).toEqual(['Valeu!', 'Fixado.']);
    expect(list.map((c: { author: { isStaff: boolean } }) => c.author.isStaff)).toEqual([false, true]);
    expect(list.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([true, false]);
    expect((await api.as().get(`/api/community/posts/${id}`)).json().repliesCount).toBe(2);
    expect(
      (await api.as().get('/api/community/posts')).json().posts.find((p: { id: number }) => p.id === id),
    ).toMatchObject({ repliesCount: 2 });
  });

  it('on a missing post answers “Post não encontrado.”', async () => {
    const res = await api.as(otherCookie).post('/api/community/posts/987654/comments', { content: 'Oi' });
    expect([res.statusCode, errorOf(res).message]).toEqual([404, m.postNotFound]);
  });
});

describe('deleting', () => {
  async function postWithComment() {
    const id = await createPost(t.db, author.id, { title: 'Post para apagar' });
    const comment = (
      await api.as(otherCookie).post(`/api/community/posts/${id}/comments`, {
        content: 'Comentário do leitor',
      })
    ).json();
    return { id, commentId: comment.id as number };
  }
  const audits = () => t.db.select().from(auditLog);

  it('refuses guests and other users; the post and comment stay', async () => {
    const { id, commentId } = await postWithComment();
    const guest = await api.as().delete(`/api/community/posts/${id}`);
    expect(guest.statusCode).toBe(401);
    const other = await api.as(otherCookie).delete(`/api/community/posts/${id}`);
    expect([other.statusCode, errorOf(other).message]).toEqual([403, m.deletePostForbidden]);
    const comment = await api.as(authorCookie).delete(`/api/community/comments/${commentId}`);
    expect([comment.statusCode, errorOf(comment).message]).toEqual([403, m.deleteCommentForbidden]);
    expect((await api.as().get(`/api/community/posts/${id}`)).json().repliesCount).toBe(1);
  });

  it('lets authors delete their own comment and post, without an audit entry', async () => {
    const before = (await audits()).length;
    const { id, commentId } = await postWithComment();
    expect((await api.as(otherCookie).delete(`/api/community/comments/${commentId}`)).statusCode).toBe(204);
    expect((await api.as().get(`/api/community/posts/${id}`)).json().repliesCount).toBe(0);
    expect((await api.as(authorCookie).delete(`/api/community/posts/${id}`)).statusCode).toBe(204);
    expect((await api.as().get(`/api/community/posts/${id}`)).statusCode).toBe(404);
    expect((await audits()).length).toBe(before);
  });

  it('lets staff delete anyone’s comment and post, and logs both for the audit', async () => {
    const { id, commentId } = await postWithComment();
    expect((await api.as(staffCookie).get(`/api/community/posts/${id}`)).json().canDelete).toBe(true);
    expect((await api.as(staffCookie).delete(`/api/community/comments/${commentId}`)).statusCode).toBe(204);
    expect((await api.as(staffCookie).delete(`/api/community/posts/${id}`)).statusCode).toBe(204);
    const entries = (await audits()).filter((a) => a.actorId === staff.id);
    expect(entries.map((a) => [a.action, a.targetId])).toEqual([
      ['community_comment.delete', String(commentId)],
      ['community_post.delete', String(id)],
    ]);
    expect(entries[1]?.details).toMatchObject({ authorId: author.id, title: 'Post para apagar' });
  });

  it('answers 404 for what is already gone', async () => {
    expect((await api.as(staffCookie).delete('/api/community/posts/987654')).statusCode).toBe(404);
    const res = await api.as(staffCookie).delete('/api/community/comments/987654');
    expect([res.statusCode, errorOf(res).message]).toEqual([404, m.commentNotFound]);
  });
});

describe('reports', () => {
  it('lets a user report someone else’s post once', async () => {
    const id = await createPost(t.db, author.id, { title: 'Vendo conta barata, chama no privado' });
    const url = `/api/community/posts/${id}/reports`;
    const guest = await api.as().post(url, { reason: 'golpe' });
    expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.reportLoginRequired]);
    const own = await api.as(authorCookie).post(url, { reason: 'golpe' });
    expect([own.statusCode, errorOf(own).message]).toEqual([403, m.reportOwnPost]);
    const noReason = await api.as(otherCookie).post(url, {});
    expect([noReason.statusCode, errorOf(noReason).message]).toEqual([400, m.reportReasonRequired]);

    const sent = await api.as(otherCookie).post(url, { reason: 'golpe', details: 'Pede PIX fora do site.' });
    expect(sent.statusCode).toBe(201);
    const again = await api.as(otherCookie).post(url, { reason: 'spam' });
    expect([again.statusCode, errorOf(again).message]).toEqual([409, m.reportDuplicate]);

    const stored = await t.db
      .select()
      .from(reports)
      .where(eq(reports.targetId, String(id)));
    expect(stored).toEqual([
      expect.objectContaining({
        targetType: 'post',
        targetName: 'Vendo conta barata, chama no privado',
        reason: 'golpe',
        details: 'Pede PIX fora do site.',
        status: 'pendente',
      }),
    ]);
  });

  it('answers 404 for a missing post', async () => {
    const res = await api.as(otherCookie).post('/api/community/posts/987654/reports', { reason: 'spam' });
    expect([res.statusCode, errorOf(res).message]).toEqual([404, m.postNotFound]);
  });
});

it('refuses a malformed id plainly', async () => {
  const res = await api.as().get('/api/community/posts/abc');
  expect([res.statusCode, errorOf(res).code]).toEqual([400, 'VALIDATION']);
});
