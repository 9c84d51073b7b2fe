import { ClassChooserPage } from '../../../components/class-chooser';

/** `/f/:facilityId/growth`: the classes, each opening its measurement session. */
export function GrowthClassesPage() {
  return <ClassChooserPage title="身体測定" segment="growth" officeText="事務の方は身体測定を記録できません。" />;
}
