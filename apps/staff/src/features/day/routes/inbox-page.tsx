import { Alert, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { fiscalYearOf, fullDateLabel } from '@renraku/contract/dates';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useFacilityClasses } from '../../../lib/classes';
import { useDayLive, useInbox } from '../api';
import { InboxCard } from '../components/inbox-card';

/**
 * `/f/:facilityId/inbox?date=&class=`: what the guardians sent for a day (contact books, absences,
 * time changes), newest first, unconfirmed ones marked; class staff see their class by default.
 * New entries appear without a reload (useDayLive).
 */
export function InboxPage() {
  const facility = useFacility();
  const today = todayInTokyo();
  const [search, setSearch] = useSearchParams();
  const date = search.get('date') ?? today;
  const classParam = search.get('class');
  const ownClass = facility.role === 'class_staff' ? (facility.class_ids[0] ?? null) : null;
  const classId = classParam === 'all' ? null : classParam ? Number(classParam) || null : ownClass;
  const show = search.get('show') === 'open' ? 'open' : 'all';
  const classes = useFacilityClasses(facility.id, fiscalYearOf(date));
  const inbox = useInbox(facility.id, date, classId);
  useDayLive(facility.id, date);

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setSearch(next, { replace: true });
  };

  if (facility.role === 'office') {
    return (
      <Page title="連絡">
        <Alert color="gray">事務の方は保護者からの連絡を閲覧できません。</Alert>
      </Page>
    );
  }
  const items = (inbox.data?.items ?? []).filter((i) => show === 'all' || !(i.report?.confirmed ?? i.contact_book?.confirmed));
  const open = (inbox.data?.items ?? []).filter((i) => !(i.report?.confirmed ?? i.contact_book?.confirmed)).length;

  return (
    <Page title="連絡">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          label="日付"
          value={date}
          onChange={(e) => e.currentTarget.value && set('date', e.currentTarget.value === today ? null : e.currentTarget.value)}
        />
        <Select
          label="クラス"
          allowDeselect={false}
          value={classId === null ? 'all' : String(classId)}
          data={[
            { value: 'all', label: 'すべてのクラス' },
            ...(classes.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          onChange={(v) => set('class', v)}
        />
        <SegmentedControl
          size="md"
          aria-label="表示"
          value={show}
          onChange={(v) => set('show', v === 'open' ? 'open' : null)}
          data={[
            { value: 'all', label: 'すべて' },
            { value: 'open', label: `未確認（${open}）` },
          ]}
        />
      </Group>
      <Text>{fullDateLabel(date)}</Text>
      {inbox.error ? (
        <Alert color="red">読み込めませんでした。</Alert>
      ) : !inbox.data ? (
        <Loading />
      ) : items.length === 0 ? (
        <Alert color="gray">{show === 'open' ? '未確認の連絡はありません。' : 'この日の連絡はありません。'}</Alert>
      ) : (
        <Stack gap="md" aria-live="polite" data-testid="inbox-list">
          {items.map((item) => (
            <InboxCard key={item.key} item={item} facilityId={facility.id} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
