import { ClassChooserPage } from '../../../components/class-chooser';

/** `/f/:facilityId/naps`: the classes of this 年度, the caller's own first, each opening its nap grid. */
export function NapsClassesPage() {
  return <ClassChooserPage title="午睡チェック" segment="naps" officeText="事務の方は午睡チェックを記録・閲覧できません。" />;
}
