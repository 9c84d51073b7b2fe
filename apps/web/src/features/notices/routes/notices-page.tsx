import { Loader, Center, Stack, Text, Title } from '@mantine/core';
import { limits, noticeTexts, type Notice } from '@renraku/contract/client';
import { useEffect, useMemo, useRef } from 'react';
import { fullDateLabel } from '@renraku/contract/dates';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { showFailure } from '../../../components/alerts';
import { useCurrentUser, useConstants } from '../../../lib/session';
import { useChildren } from '../../../lib/children';
import { useNotices } from '../api';
import { NoticeCard } from '../components/notice-card';

/** /notices: date-grouped notices and questionnaires with infinite scroll (F §2 "Notices"). */
export function NoticesPage() {
  // Texts longer than the server's setting fold behind 「…もっとみる」 (F §9).
  const threshold = useConstants().message_minimize_threshold_length;
  const user = useCurrentUser();
  const { children } = useChildren();
  const notices = useNotices();
  const { fetchNextPage, hasNextPage, isFetchingNextPage, error } = notices;
  const sentinel = useRef<HTMLDivElement>(null);
  const lastTrigger = useRef(0);

  const childNames = useMemo(() => new Map(children.map((c) => [c.id, c.first_name])), [children]);
  const groups = useMemo(() => {
    const byDate = new Map<string, Notice[]>();
    for (const page of notices.data?.pages ?? [])
      for (const [date, list] of Object.entries(page)) byDate.set(date, [...(byDate.get(date) ?? []), ...list]);
    return [...byDate.entries()].sort(([a], [b]) => (a < b ? 1 : -1));
  }, [notices.data]);

  useEffect(() => {
    if (error) showFailure(error);
  }, [error]);

  // Loads the next (older) page when the end of the list comes into view, at most every 300 ms (F §9).
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || isFetchingNextPage) return;
      const now = Date.now();
      if (now - lastTrigger.current < limits.infiniteScrollGuardMs) return;
      lastTrigger.current = now;
      void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, groups.length]);

  return (
    <Page title="お知らせ">
      {notices.isPending ? (
        <Loading />
      ) : groups.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {noticeTexts.empty}
        </Text>
      ) : (
        <Stack gap="lg">
          {groups.map(([date, list]) => (
            <Stack component="section" key={date} gap="sm" aria-labelledby={`notices-${date}`}>
              <Title order={2} size="h6" id={`notices-${date}`} c="dimmed">
                {fullDateLabel(date)}
              </Title>
              {list.map((notice) => (
                <NoticeCard
                  key={notice.id}
                  notice={notice}
                  childNames={childNames}
                  userSub={user?.idp?.sub ?? null}
                  threshold={threshold}
                />
              ))}
            </Stack>
          ))}
          <div ref={sentinel} aria-hidden style={{ height: 1 }} />
          {isFetchingNextPage && (
            <Center>
              <Loader size="sm" aria-label="読み込み中" />
            </Center>
          )}
        </Stack>
      )}
    </Page>
  );
}
