import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { addMonths, weekdayOf, yearMonthLabel } from '@renraku/contract/dates';
import { ratioFacilityTypeLabels, type RatioMonth } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { ratioMonthCsvUrl, useRatioMonth } from '../api';
import '../components/ratio-report.css';

const dayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8))}日（${weekdayOf(date)}）`;

function Verdict({ met, label }: { met: boolean; label?: string }) {
  return (
    <Badge color={met ? 'teal.9' : 'red.8'} variant="filled" radius="sm" size="lg" miw="max-content">
      {label ?? (met ? '満たす' : '満たさない')}
    </Badge>
  );
}

/**
 * `/f/:facilityId/staffing/report?month=`: 配置の月次報告 (staffing.md §4) — every 15-minute slot of
 * the month where a room fell short, the facility headcount by the 公定価格 FAQ, and the
 * 1歳児配置改善加算 self-check with each condition's figures; printable on A4 and as CSV.
 */
export function RatioReportPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const thisMonth = todayInTokyo().slice(0, 7);
  const asked = search.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : thisMonth;
  const report = useRatioMonth(facility.id, month);
  const go = (value: string) => setSearch(value === thisMonth ? {} : { month: value }, { replace: true });
  return (
    <Page title="配置の月次報告">
      <Stack gap="md" className="ratio-report">
        <Group justify="space-between" align="flex-end" className="ratio-report-toolbar">
          <Group gap="sm" align="flex-end">
            <Button variant="default" size="md" onClick={() => go(addMonths(month, -1))}>
              前の月
            </Button>
            <TextInput
              label="対象月"
              type="month"
              size="md"
              value={month}
              onChange={(e) => e.currentTarget.value && go(e.currentTarget.value)}
            />
            <Button variant="default" size="md" onClick={() => go(addMonths(month, 1))}>
              次の月
            </Button>
          </Group>
          <Group gap="sm">
            <Button size="md" onClick={() => window.print()}>
              印刷する
            </Button>
            <Button component="a" href={ratioMonthCsvUrl(facility.id, month)} download size="md" variant="default">
              CSVダウンロード
            </Button>
          </Group>
        </Group>
        {report.isPending ? <Loading /> : report.error ? <FormError error={report.error} /> : <Report report={report.data} />}
      </Stack>
    </Page>
  );
}

const plus15 = (hhmm: string) => {
  const m = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) + 15;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

type Slot = RatioMonth['days'][number]['short_slots'][number] & { date: string };

/** Consecutive short slots of a room and day with the same figures as one range (the paper stays short; the CSV has every slot). */
function ranges(slots: Slot[]) {
  const out: (Slot & { end: string })[] = [];
  for (const s of slots) {
    const last = out.at(-1);
    if (
      last &&
      last.date === s.date &&
      last.class_id === s.class_id &&
      last.end === s.start &&
      last.staff === s.staff &&
      last.required === s.required
    ) {
      last.end = plus15(s.start);
      last.children = Math.max(last.children, s.children);
    } else out.push({ ...s, end: plus15(s.start) });
  }
  return out;
}

function Report({ report }: { report: RatioMonth }) {
  const short = report.days.flatMap((d) => d.short_slots.map((s) => ({ date: d.date, ...s })));
  const shortRanges = ranges(short);
  const daysShort = report.days.filter((d) => d.short_slots.length > 0).length;
  const h = report.headcount;
  const c = report.one_year_check;
  return (
    <>
      <Stack gap={2}>
        <Text fw={700} size="lg" data-testid="report-heading">
          {report.facility_name} {yearMonthLabel(report.month)}
        </Text>
        <Text size="sm">
          {ratioFacilityTypeLabels[report.facility_type]}
          {report.one_year_improvement ? '・1歳児配置改善加算あり（1歳 5:1）' : ''}・
          {report.through
            ? `${dayLabel(report.through)}までの実績（打刻と登降園の記録から15分ごと）`
            : 'この月の実績はまだありません'}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="short-title">
        <Title order={2} size="h4" id="short-title" mb="xs">
          保育士が足りなかった時間帯（実績）
        </Title>
        {short.length === 0 ? (
          <Text data-testid="report-short-none">
            {report.through ? 'すべての日・部屋・時間帯で配置基準を満たしていました。' : '—'}
          </Text>
        ) : (
          <>
            <Text size="sm" mb="xs" data-testid="report-short-summary">
              {daysShort}日・{short.length}枠（15分）で不足がありました。同じ人数の続く枠はまとめて表示します（CSVには15分ごと）。
            </Text>
            <Table withTableBorder withColumnBorders verticalSpacing={2} fz="sm" data-testid="report-short-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">日付</Table.Th>
                  <Table.Th scope="col">部屋</Table.Th>
                  <Table.Th scope="col">時間</Table.Th>
                  <Table.Th scope="col">園児（最多）</Table.Th>
                  <Table.Th scope="col">保育士</Table.Th>
                  <Table.Th scope="col">必要</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shortRanges.map((s) => (
                  <Table.Tr key={`${s.date}-${s.class_id}-${s.start}`}>
                    <Table.Td>{dayLabel(s.date)}</Table.Td>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>
                      {s.start}〜{s.end}
                    </Table.Td>
                    <Table.Td>{s.children}人</Table.Td>
                    <Table.Td c="red.9" fw={700}>
                      {s.staff}人
                    </Table.Td>
                    <Table.Td>{s.required}人</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="headcount-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="headcount-title">
            施設の必要保育士数（公定価格FAQの計算）
          </Title>
          <Verdict met={h.met} label={h.met ? '充足' : '不足'} />
        </Group>
        <Text size="sm" mb="xs">
          {dayLabel(h.date)}
          の在籍児童から、年齢区分ごとに「児童数÷配置基準」を小数点第1位まで（以下切り捨て）求めて合計し、四捨五入します。
        </Text>
        <Table withTableBorder withColumnBorders verticalSpacing={2} fz="sm" maw={560} data-testid="headcount-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">区分</Table.Th>
              <Table.Th scope="col">児童数</Table.Th>
              <Table.Th scope="col">配置基準</Table.Th>
              <Table.Th scope="col">必要数</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {h.groups.map((g) => (
              <Table.Tr key={g.label}>
                <Table.Th scope="row">{g.label}</Table.Th>
                <Table.Td>{g.children}人</Table.Td>
                <Table.Td>{g.per_staff}:1</Table.Td>
                <Table.Td>{(g.tenths / 10).toFixed(1)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">合計</Table.Th>
              <Table.Td>{h.children_by_band.reduce((a, b) => a + b, 0)}人</Table.Td>
              <Table.Td>{h.plus > 0 ? `施設の種類による加配 +${h.plus}人` : ''}</Table.Td>
              <Table.Td fw={700} data-testid="headcount-required">
                {h.required}人
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" mt="xs">
          在籍する保育士（保育士・主任）：{h.class_staff}人
        </Text>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="one-year-title" data-testid="one-year-check">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="one-year-title">
            1歳児配置改善加算の自己点検
          </Title>
          <Verdict met={c.met} label={!c.applicable ? '対象外' : c.met ? '要件を満たす' : '要件を満たさない'} />
        </Group>
        {!c.applicable && <Text size="sm">この加算は2025年4月からの制度です。</Text>}
        <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" data-testid="one-year-conditions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">要件</Table.Th>
              <Table.Th scope="col" w={120}>
                判定
              </Table.Th>
              <Table.Th scope="col">実績</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.conditions.map((condition) => (
              <Table.Tr key={condition.key} data-testid={`condition-${condition.key}`} data-met={condition.met}>
                <Table.Th scope="row" fw={400}>
                  {condition.label}
                </Table.Th>
                <Table.Td>
                  <Verdict met={condition.met} />
                </Table.Td>
                <Table.Td>{condition.figures}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {c.short_slots.length > 0 && (
          <Text size="sm" mt="xs">
            1歳児5:1で不足した枠：
            {c.short_slots
              .slice(0, 20)
              .map(
                (s) =>
                  `${Number(s.date.slice(5, 7))}/${Number(s.date.slice(8))} ${s.name} ${s.start}（${s.staff}/${s.required}人）`,
              )
              .join('、')}
            {c.short_slots.length > 20 ? ` ほか${c.short_slots.length - 20}枠（CSVにすべて）` : ''}
          </Text>
        )}
      </Paper>
    </>
  );
}
