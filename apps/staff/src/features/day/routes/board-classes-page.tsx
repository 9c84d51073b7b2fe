import { ClassChooserPage } from '../../../components/class-chooser';

/** `/f/:facilityId/board`: the classes of this 年度, the caller's own first, each opening its board of today. */
export function BoardClassesPage() {
  return <ClassChooserPage title="クラスボード" segment="board" officeText="事務の方はクラスボードを閲覧できません。" />;
}
