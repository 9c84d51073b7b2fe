import { Button, Group, Modal, Table, Text, Title } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  billsChildcareFee,
  extensionPlanLabels,
  needLabels,
  sideDishExemptionLabels,
  yenLabel,
  type StaffBillingChild,
} from '@renraku/contract/staff';
import { addMonths, yearMonthLabel } from '@renraku/contract/dates';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { TableScroll } from '../../../components/table-scroll';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useBillingChildren } from '../api';
import { BillingNav } from '../components/billing-nav';
import { AttributesForm } from '../components/attributes-form';

const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** 園児の請求情報 (spec §1): each enrolled child's attributes in force in a month, edited from a month on. */
export function BillingChildrenPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const month = isMonth(search.get('month')) ? search.get('month')! : todayInTokyo().slice(0, 7);
  const data = useBillingChildren(facility.id, month);
  const [editing, setEditing] = useState<StaffBillingChild | null>(null);
  const go = (m: string) => setSearch({ month: m }, { replace: true });
  const billsFee = data.data?.facility_type ? billsChildcareFee(data.data.facility_type) : true;

  return (
    <Page title="園児の請求情報" size="xl">
      <BillingNav facilityId={facility.id} />
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" size="md" onClick={() => go(addMonths(month, -1))}>
          ‹ 前の月
        </Button>
        <Title order={2} size="h3" aria-live="polite">
          {yearMonthLabel(month)}に適用される請求情報
        </Title>
        <Button variant="default" size="md" onClick={() => go(addMonths(month, 1))}>
          次の月 ›
        </Button>
      </Group>
      {data.isPending ? (
        <Loading />
      ) : data.error ? (
        <FormError error={data.error} />
      ) : data.data.children.length === 0 ? (
        <Text>この月に在籍する園児はいません。</Text>
      ) : (
        <TableScroll label="園児の請求情報" minWidth={960}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">園児</Table.Th>
                <Table.Th scope="col">クラス</Table.Th>
                <Table.Th scope="col">認定</Table.Th>
                <Table.Th scope="col">保育必要量</Table.Th>
                <Table.Th scope="col">副食費</Table.Th>
                {billsFee && <Table.Th scope="col">保育料</Table.Th>}
                <Table.Th scope="col">延長</Table.Th>
                <Table.Th scope="col">支払者</Table.Th>
                <Table.Th scope="col">適用開始</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.children.map((c) => {
                const a = c.current;
                return (
                  <Table.Tr key={c.id} data-testid="billing-child">
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{c.class_name ?? '—'}</Table.Td>
                    {a ? (
                      <>
                        <Table.Td>{a.certification}号</Table.Td>
                        <Table.Td>{needLabels[a.need]}</Table.Td>
                        <Table.Td>
                          {a.side_dish_exemption ? `免除（${sideDishExemptionLabels[a.side_dish_exemption]}）` : '—'}
                        </Table.Td>
                        {billsFee && <Table.Td>{a.childcare_fee === null ? '—' : yenLabel(a.childcare_fee)}</Table.Td>}
                        <Table.Td>{extensionPlanLabels[a.extension_plan]}</Table.Td>
                        <Table.Td>{a.payer.name}</Table.Td>
                        <Table.Td>{yearMonthLabel(a.valid_from)}</Table.Td>
                      </>
                    ) : (
                      <Table.Td colSpan={billsFee ? 7 : 6}>
                        <Text c="red.9" size="sm">
                          未登録（請求されません）
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Button
                        size="sm"
                        mih={44}
                        variant="default"
                        onClick={() => setEditing(c)}
                        aria-label={`${c.name}の請求情報を編集`}
                      >
                        編集
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${editing.name}の請求情報` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {editing && (
          <AttributesForm
            facilityId={facility.id}
            child={editing}
            month={month}
            billsFee={billsFee}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setEditing(null);
              showSuccess('請求情報を保存しました');
            }}
          />
        )}
      </Modal>
    </Page>
  );
}
