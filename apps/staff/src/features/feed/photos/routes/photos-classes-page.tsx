import { ClassChooserPage } from '../../../../components/class-chooser';

/** `/f/:facilityId/photos`: the classes, each opening its day's photos. */
export function PhotosClassesPage() {
  return <ClassChooserPage title="写真" segment="photos" officeText="事務の方は写真をアップロードできません。" />;
}
