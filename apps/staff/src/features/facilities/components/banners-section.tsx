import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import { addDays, slashDate, tokyoDate, tokyoTime } from '@renraku/contract/dates';
import { bannerLevelLabels, type StaffBanner } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { Loading } from '@renraku/ui/loading';
import { FormError } from '../../../components/form-error';
import { useDeleteBanner, useFacilityBanners } from '../api';
import { BannerForm } from './banner-form';
import { ManualBannerSection } from './manual-banner-form';

const statusLabels: Record<StaffBanner['status'], string> = { scheduled: '表示予定', showing: '表示中', ended: '終了' };
const statusColors: Record<StaffBanner['status'], string> = { scheduled: 'blue.9', showing: 'teal.9', ended: 'dark.6' };

/** 「2026/06/10 〜 2026/06/16」: whole days as the form enters them, else with the times. */
function periodLabel(banner: StaffBanner) {
  const start =
    tokyoTime(banner.starts_at) === '00:00'
      ? slashDate(tokyoDate(banner.starts_at))
      : `${slashDate(tokyoDate(banner.starts_at))} ${tokyoTime(banner.starts_at)}`;
  if (!banner.ends_at) return `${start} 〜`;
  const end =
    tokyoTime(banner.ends_at) === '00:00'
      ? slashDate(addDays(tokyoDate(banner.ends_at), -1))
      : `${slashDate(tokyoDate(banner.ends_at))} ${tokyoTime(banner.ends_at)}`;
  return `${start} 〜 ${end}`;
}

/** バナー: the facility's manual banner, then its banners over the guardians' home feed with the form to add one. */
export function BannersSection({ facilityId }: { facilityId: number }) {
  const { data: banners, isPending, error } = useFacilityBanners(facilityId);
  const remove = useDeleteBanner(facilityId);

  const onDelete = async (banner: StaffBanner) => {
    const ok = await confirm({
      title: 'バナーの削除',
      message: `「${banner.label}」${banner.message} を削除しますか？保護者のホーム画面からも消えます。`,
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) remove.mutate(banner.id, { onSuccess: (res) => showSuccess(res.message), onError: (e) => showFailure(e) });
  };

  return (
    <Stack gap="lg">
      <ManualBannerSection facilityId={facilityId} />
      <BannerForm facilityId={facilityId} />
      <section aria-labelledby="banner-list">
        <Title order={3} size="h4" id="banner-list" mb="sm">
          この施設のバナー
        </Title>
        {isPending ? (
          <Loading />
        ) : error ? (
          <FormError error={error} />
        ) : banners.length === 0 ? (
          <Text>バナーはまだありません。</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table withTableBorder verticalSpacing="xs" data-testid="banner-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>種類</Table.Th>
                  <Table.Th w={110}>見出し</Table.Th>
                  <Table.Th>本文</Table.Th>
                  <Table.Th w={220}>表示期間</Table.Th>
                  <Table.Th w={90}>状態</Table.Th>
                  <ActionsHeader w={100} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {banners.map((banner) => (
                  <Table.Tr key={banner.id}>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={banner.level === 'alert' ? 'red' : 'blue'}
                        c={banner.level === 'alert' ? 'red.9' : 'blue.9'}
                      >
                        {bannerLevelLabels[banner.level]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{banner.label}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{banner.message}</Table.Td>
                    <Table.Td>{periodLabel(banner)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} c={statusColors[banner.status]}>
                        {statusLabels[banner.status]}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        variant="subtle"
                        color="red"
                        size="sm"
                        onClick={() => void onDelete(banner)}
                        aria-label={`バナー「${banner.label}」${banner.message}を削除`}
                      >
                        削除
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}
