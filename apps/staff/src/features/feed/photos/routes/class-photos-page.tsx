import { Alert, Group, Text, TextInput } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { fullDateLabel } from '@renraku/contract/dates';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../../components/not-found';
import { Page } from '../../../../components/page';
import { statusOf } from '@renraku/ui/api';
import { todayInTokyo } from '@renraku/ui/dates';
import { idFrom } from '@renraku/ui';
import { useClassPhotos } from '../api';
import { PhotoList } from '../components/photo-list';
import { PhotoUploader } from '../components/photo-uploader';

/** `/f/:facilityId/photos/:classId?date=`: the class's photos of a day (today by default) and the uploader. */
export function ClassPhotosPage() {
  const classId = idFrom(useParams().classId);
  const [search, setSearch] = useSearchParams();
  const today = todayInTokyo();
  const date = search.get('date') ?? today;
  if (!classId) return <NotFound />;
  return (
    <ClassPhotos
      key={`${classId}:${date}`}
      classId={classId}
      date={date}
      today={today}
      onDate={(d) => setSearch(d === today ? {} : { date: d })}
    />
  );
}

function ClassPhotos({
  classId,
  date,
  today,
  onDate,
}: {
  classId: number;
  date: string;
  today: string;
  onDate: (date: string) => void;
}) {
  const query = useClassPhotos(classId, date);
  const day = query.data;
  if (query.error) {
    const status = statusOf(query.error);
    if (status === 404) return <NotFound />;
    return (
      <Page title="写真">
        <Alert color="red">{status === 403 ? 'このクラスの写真は閲覧できません。' : '読み込めませんでした。'}</Alert>
      </Page>
    );
  }
  if (!day) return <Loading />;
  return (
    <Page title={`${day.class.name}の写真`} size="xl">
      <Group gap="sm">
        <TextInput
          type="date"
          aria-label="日付"
          value={date}
          max={today}
          onChange={(e) => e.currentTarget.value && onDate(e.currentTarget.value)}
        />
        <Text>{fullDateLabel(date)}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        園児を選んだ写真はその園児の「今日の写真」に、クラスを選んだ写真はクラス全員の「クラスの写真」に載ります。保護者には、その日の連絡帳を公開したときから表示されます（公開後に追加した写真はすぐに表示されます）。
      </Text>
      {day.can_write ? <PhotoUploader day={day} /> : <Alert color="gray">閲覧のみ（この日の写真は追加できません）</Alert>}
      <PhotoList day={day} />
    </Page>
  );
}
