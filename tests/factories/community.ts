import type { CommunityCategory } from '@shared/community-rules';
import type { Db } from '../../src/server/db/client';
import { communityPosts } from '../../src/server/db/schema';

let sequence = 0;

/** A forum post written straight into the database; override what the test cares about. */
export async function createPost(
  db: Db,
  authorId: string,
  overrides: { title?: string; content?: string; category?: CommunityCategory; createdAt?: Date } = {},
): Promise<number> {
  sequence += 1;
  const [post] = await db
    .insert(communityPosts)
    .values({
      authorId,
      title: overrides.title ?? `Post de teste ${sequence}`,
      content: overrides.content ?? 'Conteúdo do post de teste.',
      category: overrides.category ?? 'geral',
      ...(overrides.createdAt && { createdAt: overrides.createdAt }),
    })
    .returning({ id: communityPosts.id });
  if (!post) throw new Error('post not created');
  return post.id;
}
