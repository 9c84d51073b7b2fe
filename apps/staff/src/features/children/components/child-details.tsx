import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { fullDateLabel, monthsBetween } from '@renraku/contract/dates';
import type { StaffChild } from '@renraku/contract/staff';
import { sexLabels } from '../labels';

/** 「3歳2か月」 on `today`. */
const ageLabel = (birth: string, today: string) => {
  const months = monthsBetween(birth, today);
  return `${Math.floor(months / 12)}歳${months % 12}か月`;
};

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The child's record: birth, sex, class and enrolment dates. */
export function ChildDetails({ child, today }: { child: StaffChild; today: string }) {
  return (
    <Paper component="section" aria-labelledby="child-details-title" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="child-details-title">
          基本情報
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} m={0}>
          <Item label="生年月日">
            {fullDateLabel(child.birth)}
            {monthsBetween(child.birth, today) >= 0 && `（${ageLabel(child.birth, today)}）`}
          </Item>
          <Item label="性別">{sexLabels[child.sex] ?? '—'}</Item>
          <Item label="クラス">{child.class_name ?? '未所属'}</Item>
          <Item label="入所日">{fullDateLabel(child.admitted_on)}</Item>
          <Item label="退所日">{child.left_on ? fullDateLabel(child.left_on) : '—'}</Item>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
