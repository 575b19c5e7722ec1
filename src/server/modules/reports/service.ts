import { communityMessages as m } from '@shared/community-messages';
import { canReportPost } from '@shared/permissions';
import type { ReportInput } from '@shared/reports';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { communityPosts, reports } from '../../db/schema';
import { AppError } from '../../errors';

/** Users report content; staff moderate the reports (reports issue). */
export function createReportsService(db: Db) {
  return {
    async reportPost(viewer: Viewer, postId: number, input: ReportInput): Promise<{ id: number }> {
      const [post] = await db
        .select({ authorId: communityPosts.authorId, title: communityPosts.title })
        .from(communityPosts)
        .where(eq(communityPosts.id, postId));
      if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
      if (!canReportPost(viewer, post)) throw new AppError('FORBIDDEN', m.reportOwnPost);
      const [report] = await db
        .insert(reports)
        .values({
          reporterId: viewer.userId,
          targetType: 'post',
          targetId: String(postId),
          targetName: post.title,
          reason: input.reason,
          details: input.details || null,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (!report) throw new AppError('CONFLICT', m.reportDuplicate);
      return report;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
