import type { ListingPage } from '@shared/listings';
import type { MemberActivity } from '@shared/member-activity';
import type { MyReputation, ReviewInput, ReviewPage, SellerPage, TradeReviews } from '@shared/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const reputationKeys = {
  all: ['reputation'] as const,
  trade: (tradeId: number) => ['reputation', 'trade', tradeId] as const,
  listing: (listingId: number, page: number) => ['reputation', 'listing', listingId, page] as const,
  user: (username: string) => ['reputation', 'user', username.toLowerCase()] as const,
  userReviews: (username: string, as: 'seller' | 'buyer', page: number) =>
    ['reputation', 'user', username.toLowerCase(), 'reviews', as, page] as const,
  userListings: (username: string) => ['reputation', 'user', username.toLowerCase(), 'listings'] as const,
  userActivity: (username: string) => ['reputation', 'user', username.toLowerCase(), 'activity'] as const,
  me: ['reputation', 'me'] as const,
};

/** The reviews of one trade as the viewer may see them (theirs, the other's once published). */
export function useTradeReviews(tradeId: number) {
  return useQuery({
    queryKey: reputationKeys.trade(tradeId),
    queryFn: ({ signal }) => api<TradeReviews>(`/api/trades/${tradeId}/reviews`, { signal }),
  });
}

/** Writes (POST) or edits (PUT) the viewer's review of a trade. */
export function useSaveReview(tradeId: number, editing: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api(`/api/trades/${tradeId}/review`, { method: editing ? 'PUT' : 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: reputationKeys.all }),
  });
}

export function useAnswerReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, answer }: { reviewId: number; answer: string }) =>
      api(`/api/reviews/${reviewId}/answer`, { method: 'POST', body: { answer } }),
    onSettled: () => client.invalidateQueries({ queryKey: reputationKeys.all }),
  });
}

export function useListingReviews(listingId: number, page: number) {
  return useQuery({
    queryKey: reputationKeys.listing(listingId, page),
    queryFn: ({ signal }) => api<ReviewPage>(`/api/listings/${listingId}/reviews?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerPage(username: string) {
  return useQuery({
    queryKey: reputationKeys.user(username),
    queryFn: ({ signal }) => api<SellerPage>(`/api/users/${encodeURIComponent(username)}`, { signal }),
  });
}

export function useUserReviews(username: string, as: 'seller' | 'buyer', page: number, enabled = true) {
  return useQuery({
    queryKey: reputationKeys.userReviews(username, as, page),
    queryFn: ({ signal }) =>
      api<ReviewPage>(`/api/users/${encodeURIComponent(username)}/reviews?as=${as}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUserListings(username: string) {
  return useQuery({
    queryKey: reputationKeys.userListings(username),
    queryFn: ({ signal }) =>
      api<ListingPage>(`/api/users/${encodeURIComponent(username)}/listings`, { signal }),
  });
}

/** 'Atividade recente': empty and not shown unless the member shows it (the owner always gets it). */
export function useMemberActivity(username: string) {
  return useQuery({
    queryKey: reputationKeys.userActivity(username),
    queryFn: ({ signal }) =>
      api<MemberActivity>(`/api/users/${encodeURIComponent(username)}/activity`, { signal }),
  });
}

export function useMyReputation(enabled: boolean) {
  return useQuery({
    queryKey: reputationKeys.me,
    queryFn: ({ signal }) => api<MyReputation>('/api/reputation/me', { signal }),
    enabled,
  });
}
