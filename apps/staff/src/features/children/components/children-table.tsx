import { Anchor, Avatar, Badge, Group, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { slashDate } from '@renraku/contract/dates';
import type { StaffChildListItem } from '@renraku/contract/staff';
import { facilityPath } from '../../../lib/facility';
import { childKana, childName } from '../labels';
import { ChildStatusBadge } from './child-status-badge';
import { TableScroll } from '../../../components/table-scroll';

/** Narrower than a landscape tablet (the class tablet upright, 768 px): the compact table. */
const WIDE = '(min-width: 62em)';

interface TableProps {
  facilityId: number;
  children: StaffChildListItem[];
  /** The table's name (a second table: the children registered for 一時預かり only). */
  label?: string;
  testId?: string;
}

/** The roster: each child's name (a link to the record) with kana, birth date, class, enrolment and guardians. */
export function ChildrenTable(props: TableProps) {
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  return wide ? <WideTable {...props} /> : <CompactTable {...props} />;
}

/** The class, 「一時預かり」 for a child registered for it only (no class), else 未所属. */
const ClassCell = ({ child }: { child: StaffChildListItem }) => (
  <Table.Td>{child.temporary_only ? '一時預かり' : (child.class_name ?? <Text c="dimmed">未所属</Text>)}</Table.Td>
);

/** The child's name, a link to the record, with the kana above it (a touch target of 44 px). */
function NameLink({ facilityId, child }: { facilityId: number; child: StaffChildListItem }) {
  return (
    <Anchor
      component={Link}
      to={facilityPath(facilityId, `children/${child.id}`)}
      fw={700}
      display="inline-block"
      mih={44}
      py={4}
    >
      <Text span size="xs" c="dimmed" display="block" fw={400}>
        {childKana(child)}
      </Text>
      {childName(child)}
    </Anchor>
  );
}

/** The photo (or the first letter), the name link and a badge when guardians' pick-up proposals wait. */
function NameCell({ facilityId, child }: { facilityId: number; child: StaffChildListItem }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={child.image_url} alt="" size={36} radius="xl" color="brand">
        {child.first_name.slice(0, 1)}
      </Avatar>
      <NameLink facilityId={facilityId} child={child} />
      {child.pickup_proposals > 0 && (
        <Badge color="red.9" variant="filled" radius="sm" miw="max-content">
          お迎え申請 {child.pickup_proposals}件
        </Badge>
      )}
    </Group>
  );
}

/**
 * Four columns for an upright tablet, without sideways scrolling: the birth date goes under the
 * name, the enrolment dates under the status.
 */
function CompactTable({ facilityId, children, label = '園児一覧', testId = 'children-table' }: TableProps) {
  return (
    <Table verticalSpacing="xs" striped data-testid={testId} data-layout="compact" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">名前・生年月日</Table.Th>
          <Table.Th scope="col">クラス</Table.Th>
          <Table.Th scope="col">状態・在籍期間</Table.Th>
          <Table.Th scope="col" ta="right">
            保護者
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {children.map((child) => (
          <Table.Tr key={child.id}>
            <Table.Th scope="row" fw={400}>
              <NameCell facilityId={facilityId} child={child} />
              <Text size="sm">{slashDate(child.birth)}生</Text>
            </Table.Th>
            <ClassCell child={child} />
            <Table.Td>
              <ChildStatusBadge status={child.status} />
              <Text size="sm">
                {slashDate(child.admitted_on)}〜{child.left_on ? slashDate(child.left_on) : ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{child.guardians_count}人</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function WideTable({ facilityId, children, label = '園児一覧', testId = 'children-table' }: TableProps) {
  return (
    <TableScroll label={label} minWidth={760}>
      <Table verticalSpacing="xs" striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">名前</Table.Th>
            <Table.Th scope="col">生年月日</Table.Th>
            <Table.Th scope="col">クラス</Table.Th>
            <Table.Th scope="col">入所日</Table.Th>
            <Table.Th scope="col">退所日</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            <Table.Th scope="col" ta="right">
              保護者
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {children.map((child) => (
            <Table.Tr key={child.id}>
              <Table.Th scope="row" fw={400}>
                <NameCell facilityId={facilityId} child={child} />
              </Table.Th>
              <Table.Td>{slashDate(child.birth)}</Table.Td>
              <ClassCell child={child} />
              <Table.Td>{slashDate(child.admitted_on)}</Table.Td>
              <Table.Td>{child.left_on ? slashDate(child.left_on) : '—'}</Table.Td>
              <Table.Td>
                <ChildStatusBadge status={child.status} />
              </Table.Td>
              <Table.Td ta="right">{child.guardians_count}人</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
