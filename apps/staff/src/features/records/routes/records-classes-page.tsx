import { ClassChooserPage } from '../../../components/class-chooser';

/** `/f/:facilityId/records`: the classes of this 年度, the caller's own first, each opening its month of plans and diaries. */
export function RecordsClassesPage() {
  return <ClassChooserPage title="計画・記録" segment="records" officeText="事務の方は指導計画・保育日誌を閲覧できません。" />;
}
