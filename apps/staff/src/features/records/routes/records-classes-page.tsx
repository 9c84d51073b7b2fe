import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { ClassChooserPage } from '../../../components/class-chooser';
import { useFacilityClasses } from '../../../lib/classes';
import { isPairedDevice } from '../../../lib/device-flag';
import { facilityPath, useFacility } from '../../../lib/facility';

/** The office's way to each class's 要録 入所に関する記録 (records.md §7: for the roster). */
function OfficeAdmissions() {
  const facility = useFacility();
  const classes = useFacilityClasses(facility.id, fiscalYearOf(todayInTokyo()));
  if (!classes.data) return null;
  return (
    <Stack gap="xs" component="section" aria-label="要録の入所に関する記録">
      <Text fw={700}>要録の入所に関する記録（名簿の確認用）</Text>
      <List>
        {classes.data.map((klass) => (
          <List.Item key={klass.id}>
            <Anchor component={Link} to={facilityPath(facility.id, `records/class/${klass.id}/admissions`)}>
              {klass.name}の入所に関する記録
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * `/f/:facilityId/records`: the classes of this 年度, the caller's own first, each opening its month of plans and diaries;
 * the way to the facility's 全体的な計画 and (園長, 法人管理者) to the records settings on a desktop.
 */
export function RecordsClassesPage() {
  const facility = useFacility();
  const director = facility.role === 'director' || facility.role === 'company_admin';
  return (
    <ClassChooserPage
      title="計画・記録"
      segment="records"
      officeText="事務の方は指導計画・保育日誌を閲覧できません。"
      office={<OfficeAdmissions />}
      actions={
        // The facility's 全体的な計画 (every member reads it; not on a class tablet, which works in its class).
        isPairedDevice() ? undefined : (
          <Group gap="sm">
            <Button component={Link} to={facilityPath(facility.id, 'records/overall')} size="md" variant="default">
              全体的な計画
            </Button>
            {director && (
              <Button component={Link} to={facilityPath(facility.id, 'records/settings')} size="md" variant="default">
                計画・記録の設定
              </Button>
            )}
          </Group>
        )
      }
    />
  );
}
