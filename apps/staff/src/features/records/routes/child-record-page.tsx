import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { relationTypes } from '@renraku/contract/client';
import { fullDateLabel } from '@renraku/contract/dates';
import type { ChildRecord, ProgressSlot } from '@renraku/contract/staff';
import { idFrom } from '@renraku/ui';
import { showFailure } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { TableScroll } from '../../../components/table-scroll';
import { facilityPath, useFacility } from '../../../lib/facility';
import { childRecordPdfUrl, useChildRecord, useChildRecordContacts, useOpenProgress } from '../api';
import { ChildRecordFields } from '../components/child-record-form';
import { StateBadge } from '../components/state-badge';

/** `/f/:facilityId/records/child/:childId`: the 児童票 (records.md §2; issue 33). */
export function ChildRecordPage() {
  const childId = idFrom(useParams().childId);
  if (!childId) return <NotFound />;
  return <ChildRecordScreen childId={childId} />;
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dark.6">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

function ChildRecordScreen({ childId }: { childId: number }) {
  const facility = useFacility();
  const query = useChildRecord(childId);
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  const r = query.data;
  return (
    <Page
      title={`${r.child.name}さんの児童票`}
      actions={
        <Group gap="md">
          <Button component="a" href={childRecordPdfUrl(childId)} download size="md" variant="default">
            児童票を印刷・PDF
          </Button>
          <Anchor component={Link} to={facilityPath(facility.id, `children/${childId}`)}>
            園児の詳細へ
          </Anchor>
        </Group>
      }
    >
      <Paper component="section" aria-labelledby="child-record-basics" withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id="child-record-basics">
            入所に関する記録
          </Title>
          <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} m={0}>
            <Item label="氏名（ふりがな）">
              {r.child.name}（{r.child.kana}）
            </Item>
            <Item label="生年月日">{fullDateLabel(r.child.birth)}</Item>
            <Item label="性別">{r.child.sex === 2 ? '女' : '男'}</Item>
            <Item label="施設">{r.enrolment.facility_name}</Item>
            <Item label="クラス">
              {r.enrolment.class?.name ?? '未所属'}（{r.enrolment.fiscal_age}歳児）
            </Item>
            <Item label="入所日・退所日">
              {fullDateLabel(r.enrolment.admitted_on)}〜{r.enrolment.left_on ? fullDateLabel(r.enrolment.left_on) : ''}
            </Item>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper component="section" aria-labelledby="child-record-health" withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id="child-record-health">
            健康（アレルギー・配慮事項）
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
            <Item label="アレルギー">{r.child.allergies || 'なし'}</Item>
            <Item label="配慮事項">{r.child.care_notes || 'なし'}</Item>
          </SimpleGrid>
        </Stack>
      </Paper>
      <ChildRecordFields record={r} />
      <Contacts childId={childId} />
      <Growths record={r} />
      <Progress record={r} />
    </Page>
  );
}

function Contacts({ childId }: { childId: number }) {
  const { guardians, pickups } = useChildRecordContacts(childId);
  return (
    <Paper component="section" aria-labelledby="child-record-family" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="child-record-family">
          家族・お迎え
        </Title>
        {guardians.error && <FormError error={guardians.error} />}
        {guardians.data && (
          <Text>
            保護者：
            {guardians.data.linked.length === 0
              ? '登録なし'
              : guardians.data.linked
                  .map((g) => `${g.name ?? g.email}（${relationTypes[g.relation] ?? '続柄未設定'}${g.main ? '・代表' : ''}）`)
                  .join('、')}
          </Text>
        )}
        {pickups.data && (
          <Text>
            お迎え登録者：
            {pickups.data.length === 0 ? '登録なし' : pickups.data.map((p) => `${p.name}（${p.relation}）${p.phone}`).join('、')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Growths({ record }: { record: ChildRecord }) {
  return (
    <Paper component="section" aria-labelledby="child-record-growths" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="child-record-growths">
          身体測定
        </Title>
        {record.growths.length === 0 ? (
          <Text>記録はまだありません。</Text>
        ) : (
          <TableScroll label="身体測定の記録" minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>測定日</Table.Th>
                  <Table.Th>身長</Table.Th>
                  <Table.Th>体重</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {record.growths.map((g) => (
                  <Table.Tr key={g.measured_on}>
                    <Table.Td>{fullDateLabel(g.measured_on)}</Table.Td>
                    <Table.Td>{g.height !== null ? `${g.height}cm` : '—'}</Table.Td>
                    <Table.Td>{g.weight !== null ? `${g.weight}kg` : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Paper>
  );
}

function Progress({ record }: { record: ChildRecord }) {
  const facility = useFacility();
  const navigate = useNavigate();
  const open = useOpenProgress(record.child.id);
  const go = (slot: ProgressSlot) =>
    open.mutate(slot.period, {
      onSuccess: (doc) => navigate(facilityPath(facility.id, `records/doc/${doc.document.id}`)),
      onError: showFailure,
    });
  return (
    <Paper component="section" aria-labelledby="child-record-progress" withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id="child-record-progress">
          経過記録
        </Title>
        {record.progress.length === 0 && <Text>経過記録はまだありません。</Text>}
        {record.progress.map((slot) => (
          <Group key={slot.period_start} justify="space-between" wrap="nowrap">
            <Group gap="sm">
              <Text fw={600}>{slot.label}</Text>
              <StateBadge state={stateOf(slot)} />
            </Group>
            {slot.document || record.can_write_progress ? (
              <Button
                size="md"
                variant={slot.document ? 'light' : 'filled'}
                onClick={() => go(slot)}
                loading={open.isPending && open.variables === slot.period}
                aria-label={`${slot.label}を${slot.document ? '開く' : '書く'}`}
              >
                {slot.document ? '開く' : '書く'}
              </Button>
            ) : null}
          </Group>
        ))}
        {!record.can_write_progress && record.enrolment.left_on && (
          <Text size="sm" c="dark.6">
            退所した園児の記録は閲覧のみです。
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const stateOf = (slot: ProgressSlot) => {
  if (!slot.document) return 'missing' as const;
  return ({ draft: 'writing', submitted: 'waiting', returned: 'returned', approved: 'done' } as const)[slot.document.status];
};
