import { Affix, Avatar, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { limits, type CalendarDay } from '@renraku/contract/client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { weekdayIndexOf, yearMonthLabel } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { ApiRequestError, errorText } from '@renraku/ui/api';
import { usePageTitle } from '../../../lib/page-title';
import { childEventMonthsQueryOptions, eventChildrenQueryOptions } from '../api';
import { CalendarSubscription } from '../components/calendar-subscription';

/** How far ahead the calendar goes (a year). */
const MAX_MONTHS = 12;

function DayRow({ date, day, today }: { date: string; day: CalendarDay; today: string }) {
  const index = weekdayIndexOf(date);
  const isToday = date === today;
  const red = index === 0 || !!day.holiday;
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      align="flex-start"
      px="xs"
      py={6}
      data-date={date}
      aria-current={isToday ? 'date' : undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: isToday ? 'var(--mantine-color-brand-0)' : undefined,
        outline: isToday ? '2px solid var(--mantine-color-brand-6)' : undefined,
        scrollMarginTop: 64,
      }}
    >
      <Text w={64} fw={700} c={red ? 'red.9' : index === 6 ? 'blue.8' : undefined}>
        {Number(date.slice(8, 10))}（{day.day}）
      </Text>
      <Stack gap={2} style={{ flex: 1 }}>
        {isToday && (
          <Badge size="xs" color="brand" variant="filled" w="fit-content">
            今日
          </Badge>
        )}
        {day.holiday && (
          <Text size="sm" c="red.9">
            {day.holiday}
          </Text>
        )}
        {day.events.map((e) => (
          <Text key={e.id} size="sm">
            {e.name}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}

/** /events/children/{id}: months from the current one, loaded one by one on scroll, with a Today button (F §2 Events). */
export function EventCalendarPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const today = todayInTokyo();
  const children = useQuery({ ...eventChildrenQueryOptions(), enabled: valid });
  const months = useInfiniteQuery({ ...childEventMonthsQueryOptions(id, today.slice(0, 7)), enabled: valid });
  const child = children.data?.find((c) => c.id === id);
  const [atEnd, setAtEnd] = useState(false);
  const lastLoad = useRef(0);
  usePageTitle(child ? `${child.first_name}の行事予定` : '行事予定');

  // The bottom marker: is the end of the loaded months on screen?
  const observer = useRef<IntersectionObserver | null>(null);
  const sentinel = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new IntersectionObserver((entries) => setAtEnd(!!entries[0]?.isIntersecting));
    observer.current.observe(el);
  }, []);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = months;
  const loaded = months.data?.pages.length ?? 0;
  useEffect(() => {
    if (!atEnd || isFetchingNextPage || !hasNextPage || loaded === 0 || loaded >= MAX_MONTHS) return;
    // The 300 ms guard of F §9: never two loads closer than that, but a pending one still happens.
    const wait = Math.max(0, limits.infiniteScrollGuardMs - (Date.now() - lastLoad.current));
    const timer = setTimeout(() => {
      lastLoad.current = Date.now();
      void fetchNextPage();
    }, wait);
    return () => clearTimeout(timer);
  }, [atEnd, fetchNextPage, hasNextPage, isFetchingNextPage, loaded]);

  if (!valid || (children.data && !child) || (months.error instanceof ApiRequestError && months.error.status === 404))
    return <NotFound />;

  const scrollToToday = () =>
    document.querySelector(`[data-date="${today}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });

  return (
    <Container size="sm" px="md" py="md" pb={96}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={child?.image_url} alt="" radius="xl" size={44} color="brand">
            {child?.first_name.slice(0, 1)}
          </Avatar>
          <Title order={1} size="h3">
            {child ? `${child.first_name}の行事予定` : '行事予定'}
          </Title>
        </Group>
        <CalendarSubscription />
        {months.isPending ? (
          <Loading />
        ) : months.error && !months.data ? (
          <Text c="red.9">{errorText(months.error)}</Text>
        ) : (
          months.data?.pages.map((page) => (
            <Paper key={page.month} withBorder radius="md" component="section" aria-labelledby={`month-${page.month}`}>
              <Title
                order={2}
                size="h4"
                px="sm"
                py="xs"
                id={`month-${page.month}`}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                {yearMonthLabel(page.month)}
              </Title>
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {Object.entries(page.days).map(([date, day]) => (
                  <DayRow key={date} date={date} day={day} today={today} />
                ))}
              </Stack>
            </Paper>
          ))
        )}
        <div ref={sentinel} style={{ height: 1 }} />
        {isFetchingNextPage && <Loading />}
      </Stack>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button radius="xl" size="md" onClick={scrollToToday} style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
          今日
        </Button>
      </Affix>
    </Container>
  );
}
