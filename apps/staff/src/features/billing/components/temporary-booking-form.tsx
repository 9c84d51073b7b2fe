import { temporaryBookingInput } from '@renraku/contract/staff';
import { useTemporaryBookingWrites } from '../temporary-api';
import { TemporaryDayForm } from './temporary-day-form';

/** A 一時預かり booking: the child, a day from today and the planned times (billing-temporary-care.md). */
export function TemporaryBookingForm({
  facilityId,
  ...form
}: {
  facilityId: number;
  day: string;
  children: { id: number; name: string }[];
  onDone: () => void;
}) {
  const { book } = useTemporaryBookingWrites(facilityId);
  return (
    <TemporaryDayForm
      {...form}
      schema={temporaryBookingInput}
      send={book}
      texts={{ form: '一時預かりの予約', date: '予約日', start: '開始（予定）', end: '終了（予定）', submit: '予約する' }}
    />
  );
}
