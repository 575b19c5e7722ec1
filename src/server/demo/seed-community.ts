import { eq } from 'drizzle-orm';
import type { Viewer } from '../auth/session';
import type { Db } from '../db/client';
import { communityComments, communityPosts } from '../db/schema';
import { createPostCommentsService } from '../modules/community/comments';
import { createLikesService } from '../modules/community/likes';
import { createPostsService } from '../modules/community/posts';
import { createGroupsService } from '../modules/groups/service';
import type { Storage } from '../storage/storage';
import { demoPosts } from './community';
import { demoGroups } from './groups';
import { renderDemoArt } from './photos';

export interface DemoViewers {
  admin: Viewer;
  seller: Viewer;
  buyer: Viewer;
}

/** The groups directory, added by the demo admin through the staff service, pictures included. */
export async function seedDemoGroups(db: Db, storage: Storage, admin: Viewer) {
  const groups = createGroupsService({ db, storage });
  for (const { art, ...input } of demoGroups) {
    const group = await groups.create(admin, input);
    const data = await renderDemoArt(art, input.title);
    await groups.setImage(admin, group.id, { filename: 'grupo.png', data });
  }
}

/** Forum posts with likes and comments, through the same services as real ones, back-dated. */
export async function seedDemoPosts(db: Db, viewers: DemoViewers) {
  const posts = createPostsService(db);
  const likes = createLikesService(db);
  const comments = createPostCommentsService(db);
  const now = Date.now();
  for (const demo of demoPosts) {
    const { id } = await posts.create(viewers[demo.author], demo);
    const createdAt = new Date(now - demo.hoursAgo * 3_600_000);
    await db.update(communityPosts).set({ createdAt }).where(eq(communityPosts.id, id));
    for (const who of demo.likedBy) await likes.like(viewers[who], id);
    for (const [i, c] of demo.comments.entries()) {
      const comment = await comments.add(viewers[c.author], id, c.content);
      await db
        .update(communityComments)
        .set({ createdAt: new Date(createdAt.getTime() + (i + 1) * 1_800_000) })
        .where(eq(communityComments.id, comment.id));
    }
  }
}
