import { ClassChooserPage } from '../../../../components/class-chooser';

/** `/f/:facilityId/daily`: the classes of this 年度, the caller's own first, each opening its day's entry grid. */
export function DailyClassesPage() {
  return <ClassChooserPage title="連絡帳記入" segment="daily" officeText="事務の方は連絡帳を記入・閲覧できません。" />;
}
