import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ratioFacilityTypeLabels } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { useStaffMe } from '../../../lib/staff-session';
import { useClock, useMoveToRoom, useMyClock, useRatioDay, useRatioNow, workRecordsCsvUrl } from '../api';
import { DaySlots } from '../components/day-slots';
import { MyClockCard } from '../components/my-clock-card';
import { RatioTable } from '../components/ratio-table';

/**
 * `/f/:facilityId/staffing`: 配置・勤怠. On the desktop one's own 打刻, the ratio now per room (red
 * when short, following the gate and the 打刻 without a reload) and today's 15-minute slots; on a
 * class tablet its class's row, where a 保育士 at work taps in to the room.
 */
export function StaffingPage() {
  const facility = useFacility();
  const { data: me } = useStaffMe();
  const onDevice = !!me?.device;
  const ratio = useRatioNow(facility.id);
  // One's own 打刻 is a desktop call; a company admin has no membership of the facility itself.
  const ownClock = !onDevice && facility.role !== 'company_admin';
  const clock = useMyClock(facility.id, ownClock);
  const today = todayInTokyo();
  const day = useRatioDay(facility.id, today);
  const clockIn = useClock(facility.id);
  const move = useMoveToRoom(facility.id);
  const director = roleAbilities(facility.role).setup;
  const mayExport = director || facility.role === 'office';
  // The month's report: 園長, 法人管理者, 主任 and 事務 (docs/decisions/staffing-report.md).
  const mayReport = mayExport || facility.chief;
  const myUserId = me?.user.id ?? 0;

  return (
    <Page
      title="配置・勤怠"
      actions={
        !onDevice && (
          <Group gap="sm">
            <Button component={Link} to={facilityPath(facility.id, 'staffing/shifts')} variant="default" size="md">
              シフト表
            </Button>
            {(director || facility.chief) && (
              <Button component={Link} to={facilityPath(facility.id, 'staffing/time-entries')} variant="default" size="md">
                打刻の修正・設定
              </Button>
            )}
            {mayReport && (
              <Button component={Link} to={facilityPath(facility.id, 'staffing/report')} variant="default" size="md">
                月次報告・1歳児加算
              </Button>
            )}
            {mayExport && (
              <Button component="a" href={workRecordsCsvUrl(facility.id, today.slice(0, 7))} download variant="default" size="md">
                今月の勤務実績CSV
              </Button>
            )}
          </Group>
        )
      }
    >
      {ownClock &&
        (clock.isPending ? (
          <Loading />
        ) : clock.error ? (
          <FormError error={clock.error} />
        ) : (
          <MyClockCard
            clock={clock.data}
            busy={clockIn.isPending}
            onClock={(kind) => clockIn.mutate(kind, { onSuccess: () => showSuccess('打刻しました'), onError: showFailure })}
          />
        ))}
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            いまの配置
          </Title>
          {ratio.data && (
            <Text size="sm" c="dark.6">
              {ratio.data.time} 現在・{ratioFacilityTypeLabels[ratio.data.facility_type]}
              {ratio.data.one_year_improvement && '・1歳児配置改善加算（1歳 5:1）'}・自動で更新します
            </Text>
          )}
        </Group>
        {ratio.isPending ? (
          <Loading />
        ) : ratio.error ? (
          <FormError error={ratio.error} />
        ) : (
          <RatioTable
            ratio={ratio.data}
            myUserId={myUserId}
            canMoveHere={ratio.data.can_move}
            moving={move.isPending}
            onMove={(classId) =>
              move.mutate(
                { classId, userId: myUserId },
                { onSuccess: () => showSuccess('部屋を移動しました'), onError: showFailure },
              )
            }
          />
        )}
        <Text size="sm">
          園児はゲートとクラスボードの登降園、保育士は打刻と部屋の移動から数えます。必要数は部屋ごとに「年齢別の園児数÷配置基準」の合計を切り上げ、園児がいる部屋は最低2人です。
        </Text>
      </Stack>
      {day.data && <DaySlots day={day.data} />}
      {day.error && <FormError error={day.error} />}
      {!onDevice && !ownClock && (
        <Text size="sm">
          法人管理者の方には施設の所属がないため、自分の打刻はありません。
          <Anchor component={Link} to={facilityPath(facility.id, 'staffing/time-entries')} ml="xs">
            打刻の修正
          </Anchor>
        </Text>
      )}
    </Page>
  );
}
