import { temporaryUseInput } from '@renraku/contract/staff';
import { useTemporaryWrites } from '../fees-api';
import { TemporaryDayForm } from './temporary-day-form';

/** A 一時預かり use as the staff record it: the child, the day and the times (billing-temporary-care.md). */
export function TemporaryUseForm({
  facilityId,
  ...form
}: {
  facilityId: number;
  day: string;
  children: { id: number; name: string }[];
  onDone: () => void;
}) {
  const { record } = useTemporaryWrites(facilityId);
  return (
    <TemporaryDayForm
      {...form}
      schema={temporaryUseInput}
      send={record}
      texts={{ form: '一時預かりの利用の記録', date: '利用日', start: '開始', end: '終了', submit: '利用を記録' }}
    />
  );
}
