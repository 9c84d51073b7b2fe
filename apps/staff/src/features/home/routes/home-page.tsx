import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { staffRoleLabels } from '@renraku/contract/staff';
import { Page } from '../../../components/page';
import { dayLabel, todayInTokyo } from '@renraku/ui/dates';
import { companyPath, facilityPath, useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { useStaffMe } from '../../../lib/staff-session';
import { HomeLinks, type HomeLink } from '../components/home-links';

/** `/staff/f/:facilityId`: the facility, today, the person's role there, and the way to each screen. */
export function HomePage() {
  const facility = useFacility();
  const { data: me } = useStaffMe();
  const { setup } = roleAbilities(facility.role);
  const links: HomeLink[] = [
    ...(facility.role === 'office'
      ? []
      : [
          {
            label: '連絡',
            description: '保護者からの連絡帳・欠席・時間変更の確認と返信',
            to: facilityPath(facility.id, 'inbox'),
          },
          { label: 'クラスボード', description: '今日の出欠・予定・登降園の記録', to: facilityPath(facility.id, 'board') },
          { label: '連絡帳記入', description: 'クラス全員の今日の記録と公開', to: facilityPath(facility.id, 'daily') },
          { label: '写真', description: '今日の写真のアップロード', to: facilityPath(facility.id, 'photos') },
          { label: '身体測定', description: 'クラスの身長・体重の記録', to: facilityPath(facility.id, 'growth') },
          { label: '午睡チェック', description: '午睡中の体位と呼吸の確認', to: facilityPath(facility.id, 'naps') },
        ]),
  ];
  // A tablet's PIN session does the day's work only (docs/decisions/access-device-sessions.md).
  const desk = !me?.device;
  if (desk) {
    links.push(
      { label: 'クラス', description: 'クラスと担当職員', to: facilityPath(facility.id, 'classes') },
      { label: '園児', description: '園児の一覧と登録', to: facilityPath(facility.id, 'children') },
      {
        label: '登園予定',
        description: '翌月の予定の受付・未登録の催促・日別の予定',
        to: facilityPath(facility.id, 'schedules'),
      },
    );
  }
  if (setup && desk) {
    links.push(
      { label: '端末', description: 'クラスのタブレットの登録と解除', to: facilityPath(facility.id, 'devices') },
      { label: '監査ログ', description: '閲覧と変更の記録', to: facilityPath(facility.id, 'audit') },
    );
  }
  if (facility.role === 'company_admin' && desk) {
    links.push({ label: '法人の施設', description: '施設ごとの集計と施設の追加', to: companyPath(facility.company_id) });
  }
  if (desk) links.push({ label: '設定', description: '二段階認証とPIN', to: '/settings' });

  return (
    <Page title="ホーム">
      <Paper withBorder p="lg" radius="md">
        <Stack gap={6}>
          <Text size="xl" fw={700} data-testid="facility-name">
            {facility.name}
          </Text>
          <Group gap="xl">
            <Text>
              今日: <time dateTime={todayInTokyo()}>{dayLabel(todayInTokyo())}</time>
            </Text>
            <Text>あなたの役割: {staffRoleLabels[facility.role]}</Text>
            {me?.device && <Text>端末: {me.device.name}</Text>}
          </Group>
        </Stack>
      </Paper>
      {me && !me.device && !me.totp_enabled && (
        <Alert color="yellow" variant="light" title="二段階認証が未設定です">
          園児の個人情報を守るため、
          <Anchor component={Link} to="/settings">
            設定
          </Anchor>
          から二段階認証を有効にしてください。
        </Alert>
      )}
      <HomeLinks links={links} />
    </Page>
  );
}
