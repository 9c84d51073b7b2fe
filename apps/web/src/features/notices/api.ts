import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  getNoticeFileReload,
  getNotices,
  getQuestionnaireRespondent,
  NOTICE_DATES_PER_PAGE,
  putNoticesRead,
  putQuestionnaireAnswers,
  type BodyInputOf,
  type NoticesPage,
} from '@renraku/contract/client';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';

/** Pages of notices, older dates on each next page (see NOTICE_DATES_PER_PAGE in the contract). */
export const noticesQueryOptions = (userId: number | undefined) =>
  infiniteQueryOptions({
    queryKey: ['notices', userId],
    queryFn: ({ pageParam, signal }) => api(getNotices, { query: pageParam ? { date: pageParam } : {}, signal }),
    initialPageParam: undefined as string | undefined,
    // A page with fewer dates than a full one was the last.
    getNextPageParam: (last: NoticesPage) => {
      const dates = Object.keys(last).sort();
      return dates.length < NOTICE_DATES_PER_PAGE ? undefined : dates[0];
    },
    enabled: !!userId,
  });

export function useNotices() {
  const user = useCurrentUser();
  return useInfiniteQuery(noticesQueryOptions(user?.id));
}

/** Marks read; on success the cached entries of those children become read (no refetch of every page). */
export function useMarkNoticeRead() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { noticeId: number; childIds: number[] }) => api(putNoticesRead, { body }),
    onSuccess: (_data, { noticeId, childIds }) => {
      queryClient.setQueryData<InfiniteData<NoticesPage, string | undefined>>(noticesQueryOptions(user?.id).queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                Object.fromEntries(
                  Object.entries(page).map(([date, notices]) => [
                    date,
                    notices.map((n) =>
                      n.id !== noticeId
                        ? n
                        : {
                            ...n,
                            children: n.children.map((c) => (childIds.includes(c.child_id) ? { ...c, unRead: false } : c)),
                          },
                    ),
                  ]),
                ),
              ),
            }
          : data,
      );
    },
  });
}

export const reloadNoticeFile = (id: number, fileId: number, childIds: number[]) =>
  api(getNoticeFileReload, { params: { id, fileId }, query: { childIds } });

export const respondentQueryOptions = (noticeId: number, questionnaireId: number, childId: number) =>
  queryOptions({
    queryKey: ['questionnaire-respondent', noticeId, questionnaireId, childId],
    queryFn: () => api(getQuestionnaireRespondent, { params: { noticeId, questionnaireId, childId } }),
    staleTime: 0,
  });

export function useQuestionnaireRespondent(noticeId: number, questionnaireId: number, childId: number) {
  return useQuery(respondentQueryOptions(noticeId, questionnaireId, childId));
}

export function useAnswerQuestionnaire(noticeId: number, questionnaireId: number) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putQuestionnaireAnswers>) =>
      api(putQuestionnaireAnswers, { params: { id: noticeId, questionnaireId }, body }),
    onSuccess: (_data, body) => {
      void queryClient.invalidateQueries({ queryKey: noticesQueryOptions(user?.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: respondentQueryOptions(noticeId, questionnaireId, body.childId).queryKey });
    },
  });
}
