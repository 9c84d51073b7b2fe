import { Alert, Text } from '@mantine/core';
import { ClassDateFallback, ClassDateInput, ClassDateRoute, type ClassDateProps } from '../../../../components/class-date-page';
import { Page } from '../../../../components/page';
import { useClassPhotos } from '../api';
import { PhotoList } from '../components/photo-list';
import { PhotoUploader } from '../components/photo-uploader';

/** `/f/:facilityId/photos/:classId?date=`: the class's photos of a day (today by default) and the uploader. */
export function ClassPhotosPage() {
  return <ClassDateRoute page={ClassPhotos} />;
}

function ClassPhotos({ classId, date, today, onDate }: ClassDateProps) {
  const query = useClassPhotos(classId, date);
  const day = query.data;
  if (query.error || !day) return <ClassDateFallback error={query.error} title="写真" subject="写真" />;
  return (
    <Page title={`${day.class.name}の写真`} size="xl">
      <ClassDateInput date={date} today={today} onDate={onDate} />
      <Text size="sm" c="dimmed">
        園児を選んだ写真はその園児の「今日の写真」に、クラスを選んだ写真はクラス全員の「クラスの写真」に載ります。保護者には、その日の連絡帳を公開したときから表示されます（公開後に追加した写真はすぐに表示されます）。
      </Text>
      {day.can_write ? <PhotoUploader day={day} /> : <Alert color="gray">閲覧のみ（この日の写真は追加できません）</Alert>}
      <PhotoList day={day} />
    </Page>
  );
}
