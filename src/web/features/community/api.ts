import type {
  LikeState,
  PostComment,
  PostDetail,
  PostInput,
  PostPage,
  PostSummary,
  PublicProfile,
} from '@shared/community';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/lib/api';
import type { ForumFilters } from './filters';

export const communityKeys = {
  all: ['community'] as const,
  lists: ['community', 'posts'] as const,
  list: (filters: ForumFilters) => ['community', 'posts', filters] as const,
  post: (id: number) => ['community', 'post', id] as const,
  comments: (id: number) => ['community', 'comments', id] as const,
  profile: (id: string) => ['community', 'profile', id] as const,
};

/** One page of posts, newest first (also the forum's first data, route-prefetch.ts). */
export const postsQuery = (filters: ForumFilters) => ({
  queryKey: communityKeys.list(filters),
  queryFn: ({ signal }: { signal: AbortSignal }) => {
    const search = new URLSearchParams();
    if (filters.category) search.set('category', filters.category);
    if (filters.q) search.set('q', filters.q);
    if (filters.page > 1) search.set('page', String(filters.page));
    const query = search.toString();
    return api<PostPage>(`/api/community/posts${query ? `?${query}` : ''}`, { signal });
  },
  staleTime: 15_000,
});

/** The previous page stays on screen while the next one loads. */
export function usePosts(filters: ForumFilters) {
  return useQuery({ ...postsQuery(filters), placeholderData: keepPreviousData });
}

export function usePost(id: number | null) {
  return useQuery({
    queryKey: communityKeys.post(id ?? 0),
    queryFn: ({ signal }) => api<PostDetail>(`/api/community/posts/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 15_000,
  });
}

/** The author's public name (part 2 §7: only the username is exposed). */
export function useProfile(id: string | undefined) {
  return useQuery({
    queryKey: communityKeys.profile(id ?? ''),
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePostComments(id: number) {
  return useQuery({
    queryKey: communityKeys.comments(id),
    queryFn: ({ signal }) =>
      api<{ comments: PostComment[] }>(`/api/community/posts/${id}/comments`, { signal }).then(
        (body) => body.comments,
      ),
    staleTime: 15_000,
  });
}

/** Changes one post's counts wherever it is cached: its page and every list page holding it. */
function patchCounts(
  queryClient: QueryClient,
  id: number,
  patch: (counts: Pick<PostSummary, 'likesCount' | 'repliesCount'>) => Partial<PostSummary>,
) {
  queryClient.setQueryData<PostDetail>(communityKeys.post(id), (post) =>
    post ? { ...post, ...patch(post) } : post,
  );
  queryClient.setQueriesData<PostPage>({ queryKey: communityKeys.lists }, (page) =>
    page?.posts.some((post) => post.id === id)
      ? { ...page, posts: page.posts.map((post) => (post.id === id ? { ...post, ...patch(post) } : post)) }
      : page,
  );
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) =>
      api<{ id: number }>('/api/community/posts', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.lists }),
  });
}

/** Saves the author's edit and shows it at once on the post's page; lists refetch when next shown. */
export function useUpdatePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) =>
      api<{ id: number }>(`/api/community/posts/${id}`, { method: 'PUT', body: input }),
    onSuccess: (_result, input) => {
      queryClient.setQueryData<PostDetail>(communityKeys.post(id), (post) =>
        post ? { ...post, ...input, editedAt: new Date().toISOString() } : post,
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.post(id) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists, refetchType: 'none' });
    },
  });
}

const likeKey = (id: number) => ['community', 'like', id] as const;

/**
 * Likes or unlikes: the page shows the change at once, the requests go one after another (a quick double
 * click cannot finish out of order), and the last server answer decides. A failure puts the old state back.
 */
export function useToggleLike(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likeKey(id),
    scope: { id: `community-like-${id}` },
    mutationFn: (like: boolean) =>
      api<LikeState>(`/api/community/posts/${id}/like`, { method: like ? 'PUT' : 'DELETE' }),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.post(id) });
      const previous = queryClient.getQueryData<PostDetail>(communityKeys.post(id));
      if (previous && previous.likedByMe !== like) {
        queryClient.setQueryData<PostDetail>(communityKeys.post(id), {
          ...previous,
          likedByMe: like,
          likesCount: Math.max(0, previous.likesCount + (like ? 1 : -1)),
        });
      }
      return { previous };
    },
    onSuccess: (state) => {
      // While another click is still queued, its optimistic state is the one to keep showing.
      if (queryClient.isMutating({ mutationKey: likeKey(id) }) > 1) return;
      queryClient.setQueryData<PostDetail>(communityKeys.post(id), (post) =>
        post ? { ...post, likedByMe: state.liked } : post,
      );
      patchCounts(queryClient, id, () => ({ likesCount: state.likesCount }));
    },
    onError: (_error, _like, context) => {
      if (context?.previous) queryClient.setQueryData(communityKeys.post(id), context.previous);
      void queryClient.invalidateQueries({ queryKey: communityKeys.post(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.lists, refetchType: 'none' }),
  });
}

export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<PostComment>(`/api/community/posts/${id}/comments`, { method: 'POST', body: { content } }),
    onSuccess: (comment) => {
      let added = false;
      queryClient.setQueryData<PostComment[]>(communityKeys.comments(id), (list) => {
        if (list?.some((c) => c.id === comment.id)) return list;
        added = true;
        return [...(list ?? []), comment];
      });
      if (added) patchCounts(queryClient, id, ({ repliesCount }) => ({ repliesCount: repliesCount + 1 }));
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(id) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.post(id) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists, refetchType: 'none' });
    },
  });
}

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) =>
      api<void>(`/api/community/comments/${commentId}`, { method: 'DELETE' }),
    onSuccess: (_result, commentId) => {
      let removed = false;
      queryClient.setQueryData<PostComment[]>(communityKeys.comments(postId), (list) => {
        if (!list?.some((c) => c.id === commentId)) return list;
        removed = true;
        return list.filter((c) => c.id !== commentId);
      });
      if (removed)
        patchCounts(queryClient, postId, ({ repliesCount }) => ({
          repliesCount: Math.max(0, repliesCount - 1),
        }));
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.post(postId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists, refetchType: 'none' });
    },
  });
}

export function useDeletePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/community/posts/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: communityKeys.post(id) });
      queryClient.removeQueries({ queryKey: communityKeys.comments(id) });
      queryClient.setQueriesData<PostPage>({ queryKey: communityKeys.lists }, (page) =>
        page ? { ...page, posts: page.posts.filter((post) => post.id !== id) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
    },
  });
}
