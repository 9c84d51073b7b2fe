import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { ClassChooserPage } from '../../../components/class-chooser';
import { isPairedDevice } from '../../../lib/device-flag';
import { facilityPath, useFacility } from '../../../lib/facility';

/**
 * `/f/:facilityId/records`: the classes of this 年度, the caller's own first, each opening its month of plans and diaries;
 * the 園長's and 法人管理者's way to the records settings on a desktop.
 */
export function RecordsClassesPage() {
  const facility = useFacility();
  const setsUp = (facility.role === 'director' || facility.role === 'company_admin') && !isPairedDevice();
  return (
    <ClassChooserPage
      title="計画・記録"
      segment="records"
      officeText="事務の方は指導計画・保育日誌を閲覧できません。"
      actions={
        setsUp ? (
          <Button component={Link} to={facilityPath(facility.id, 'records/settings')} size="md" variant="default">
            計画・記録の設定
          </Button>
        ) : undefined
      }
    />
  );
}
