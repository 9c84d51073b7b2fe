import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

const TZ = 'Asia/Tokyo';

/** 「11月22日(日)」 for a YYYY-MM-DD facility date. */
export const dateHeading = (date: string) => format(parseISO(date), 'yyyy年M月d日(E)', { locale: ja });
/** 「HH:mm」 in Tokyo of an ISO instant. */
export const tokyoClock = (iso: string) => format(new TZDate(iso, TZ), 'HH:mm');
/** 「M月d日(E) HH:mm」 in Tokyo of an ISO instant. */
export const tokyoDateTime = (iso: string) => format(new TZDate(iso, TZ), 'yyyy年M月d日(E) HH:mm', { locale: ja });
