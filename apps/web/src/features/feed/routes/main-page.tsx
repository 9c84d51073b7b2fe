import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { feedTexts, limits, type Child, type DailyMessage } from '@renraku/contract/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { monthDayLabel } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { showFailure } from '../../../components/alerts';
import { readLocal, writeLocal } from '../../../lib/storage';
import { homeChildIds } from '../../../lib/selected-children';
import { useCurrentUser } from '../../../lib/session';
import { useChildren, useExistence } from '../../../lib/children';
import { useBanners, useFeedContent, useManualBanner } from '../api';
import { MessageCard } from '../components/message-card';
import css from '../components/feed.module.css';

/** The selected children per user (F §3 "Local browser storage"); the children area uses the same key. */
const selectionKey = (userId: number) => `selectedChildren:${userId}`;
const fullName = (child: Child) => `${child.last_name} ${child.first_name}`;

/** The home feed (/main, F §2). */
export function MainPage() {
  const user = useCurrentUser();
  const { children, isPending: childrenPending } = useChildren();
  const { existence } = useExistence();
  const activated = useMemo(() => children.filter((c) => c.pivot.activated === true), [children]);
  const invitations = children.filter((c) => c.pivot.activated === null);

  const [stored, setStored] = useState<number[]>(() => (user ? readLocal<number[]>(selectionKey(user.id), []) : []));
  // Only ids still activated count; none left means HOME (all children).
  const selected = useMemo(
    () =>
      homeChildIds(
        stored,
        activated.map((c) => c.id),
      ),
    [stored, activated],
  );
  const select = (ids: number[]) => {
    setStored(ids);
    if (user) writeLocal(selectionKey(user.id), ids);
  };
  const isHome = selected.length === activated.length;

  const notAdmitted = activated.filter((c) => selected.includes(c.id) && !existence.some((e) => e.child_id === c.id));

  return (
    <Page title="ホーム" hideHeading>
      {activated.length > 1 && (
        <Group gap={6} role="group" aria-label="表示するお子さま" wrap="nowrap" style={{ overflowX: 'auto' }} pb={2}>
          <Button size="xs" radius="xl" variant={isHome ? 'filled' : 'default'} aria-pressed={isHome} onClick={() => select([])}>
            HOME
          </Button>
          {activated.map((child) => {
            const on = !isHome && selected.length === 1 && selected[0] === child.id;
            return (
              <Button
                key={child.id}
                size="xs"
                radius="xl"
                variant={on ? 'filled' : 'default'}
                aria-pressed={on}
                onClick={() => select([child.id])}
              >
                {child.first_name}
              </Button>
            );
          })}
        </Group>
      )}
      <Banners />
      <ManualBanner />
      {invitations.map((child) => (
        <Paper
          key={child.id}
          withBorder
          p="sm"
          radius="md"
          component={Link}
          to={`/children/recognition/${child.id}`}
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <Text size="sm" fw={700}>
            {child.first_name_kana}さんの保護者として招待されています
          </Text>
          <Text size="sm" c="brand.8">
            招待内容を確認する ›
          </Text>
        </Paper>
      ))}
      {!childrenPending && children.length === 0 && <RegistrationGuide />}
      {notAdmitted.map((child) => (
        <Text key={child.id} size="sm" c="red.9">
          {feedTexts.notAdmitted(fullName(child))}
        </Text>
      ))}
      {activated.length > 0 && <Feed childIds={selected} children={activated} />}
      {children.length > 0 && activated.length > 0 && (
        <Button
          component={Link}
          to="/communications"
          radius="xl"
          size="md"
          pos="fixed"
          bottom={20}
          right={16}
          style={{ zIndex: 50, boxShadow: '0 2px 8px rgba(0,0,0,.25)' }}
        >
          連絡する
        </Button>
      )}
    </Page>
  );
}

function Banners() {
  const { data = [] } = useBanners();
  return data.map((banner, i) => (
    <Alert
      key={i}
      color={banner.level === 'alert' ? 'red' : 'blue'}
      title={banner.label}
      variant="light"
      role={banner.level === 'alert' ? 'alert' : 'status'}
    >
      <Text size="sm">{banner.message}</Text>
    </Alert>
  ));
}

function ManualBanner() {
  const { data } = useManualBanner();
  if (!data?.data) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="brand.0">
      <Anchor href={data.data.url} target="_blank" rel="noopener" size="sm" fw={700} c="brand.9">
        {data.data.title}
      </Anchor>
    </Paper>
  );
}

function RegistrationGuide() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          お子さまを登録しましょう
        </Title>
        <Text size="sm">お子さまが登録されていません。</Text>
        <Text size="sm">
          施設から配布された「お子さま登録用のURL（またはQRコード）」を開き、画面の案内にしたがってお子さまの生年月日を入力すると登録できます。
        </Text>
        <Text size="sm" c="dimmed">
          登録用のURLがお手元にない場合は、ご利用の施設にお問い合わせください。
        </Text>
      </Stack>
    </Paper>
  );
}

function dayLabel(date: string, today: string) {
  const label = monthDayLabel(date);
  return date === today ? `今日 ${label}` : label;
}

/** Date-grouped cards; older days load when the end comes into view (F §2, §4; 300 ms retrigger guard, F §9). */
function Feed({ childIds, children }: { childIds: number[]; children: Child[] }) {
  const query = useFeedContent(childIds);
  const sentinel = useRef<HTMLDivElement>(null);
  const lastTrigger = useRef(0);
  const today = todayInTokyo();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, isError, error } = query;

  useEffect(() => {
    if (isError) showFailure(error);
  }, [isError, error]);

  // Whether the end of the list is in (or near) view; loading continues while it stays there.
  const [atEnd, setAtEnd] = useState(false);
  const pending = isPending;
  useEffect(() => {
    const node = sentinel.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => setAtEnd(entries.some((e) => e.isIntersecting)), {
      rootMargin: '200px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [pending]);
  useEffect(() => {
    if (!atEnd || !hasNextPage || isFetchingNextPage) return;
    // 300 ms retrigger guard (F §9): wait out the rest of it rather than drop the request.
    const wait = Math.max(0, lastTrigger.current + limits.infiniteScrollGuardMs - Date.now());
    const timer = setTimeout(() => {
      lastTrigger.current = Date.now();
      void fetchNextPage();
    }, wait);
    return () => clearTimeout(timer);
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage, data]);

  if (isPending) return <Loading />;
  const threshold = data?.pages[0]?.message_minimize_threshold_length ?? 100;
  const days = (data?.pages ?? []).flatMap((page) => Object.entries(page.data)) as [string, DailyMessage[]][];
  const names = new Map(children.map((c) => [c.id, c.first_name]));

  return (
    <div className={css.feed}>
      {days.length === 0 && !isError && <p className={`${css.sm} ${css.dimmed} ${css.empty}`}>{feedTexts.empty}</p>}
      {days.map(([date, messages]) => (
        <section key={date} aria-labelledby={`day-${date}`} data-qa="feed-day" data-date={date}>
          <h2 className={css.dayTitle} id={`day-${date}`}>
            {dayLabel(date, today)}
          </h2>
          <div className={css.cards}>
            {messages.map((message) => (
              <MessageCard
                key={`${message.note_child_id}-${date}`}
                message={message}
                childName={names.get(message.child_id) ?? ''}
                threshold={threshold}
                defaultExpanded={date === today}
              />
            ))}
          </div>
        </section>
      ))}
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {isFetchingNextPage && <Loading />}
    </div>
  );
}
