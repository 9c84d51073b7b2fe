import { Link } from 'react-router';
import { feedTexts, type DailyMessage, type FeedFile } from '@renraku/contract/client';
import { memo, useState, type ReactNode } from 'react';
import { Documents, Gallery } from './gallery';
import { TruncatedText } from './truncated-text';
import css from './feed.module.css';

/** HH:MM from a stored time (F §9: times show their first 5 characters). */
export const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : '--:--');
/**
 * An arrival or pick-up as it stands: a recorded time as it happened, a planned one marked 予定
 * (「降園予定 17:00」 at 14:19 while the child is still there, never 「降園 17:00」).
 */
export const timeOf = (label: string, time: string | null, recorded: boolean) =>
  time ? `${label}${recorded ? '' : '予定'} ${hhmm(time)}` : `${label} --:--`;
/** One decimal with ℃ (F §9). */
export const celsius = (value: number) => `${value.toFixed(1)}℃`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.row}>
      <dt className={`${css.sm} ${css.label}`}>{label}</dt>
      <dd className={css.value}>{children}</dd>
    </div>
  );
}

/** A line of small text (Mantine's Text size="sm"). */
const Line = ({ children }: { children: ReactNode }) => <p className={css.sm}>{children}</p>;

const Lines = ({ lines }: { lines: string[] }) => (
  <div>
    {lines.map((line, i) => (
      <Line key={i}>{line}</Line>
    ))}
  </div>
);

interface Props {
  message: DailyMessage;
  childName: string;
  threshold: number;
  /** Today's cards start expanded; older ones collapsed (F §2). */
  defaultExpanded: boolean;
}

/**
 * One child's day: what the facility wrote, its photos and records, and what the family sent.
 * Memoised: a new page of older days (or any other answer of the home) leaves the cards already
 * shown as they are instead of rendering every one again (docs/decisions/web-speed-main.md).
 */
export const MessageCard = memo(function MessageCard({ message, childName, threshold, defaultExpanded }: Props) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const info = message.message?.employeeInfo;
  const family = message.familyInformation;
  const images = (files: FeedFile[]) => files.filter((f) => !f.isDocumentFile);
  const documents = [...(info?.broadcastMessageFiles ?? []), ...(info?.employeeMessageFiles ?? [])].filter(
    (f) => f.isDocumentFile,
  );
  const meals = info?.meals;

  return (
    <article className={css.card} aria-label={`${childName}の連絡`} data-qa="message-card">
      <div className={css.head}>
        {/* F §2: child links go to /children/{id} (the child's page). */}
        <Link to={`/children/${message.child_id}`} className={css.childLink}>
          {childName}
        </Link>
        <p className={`${css.xs} ${css.dimmed}`}>{message.nursery}</p>
      </div>
      <dl className={css.list}>
        {(message.attendances.attendanceTime || message.attendances.leavingTime) && (
          <Row label="登園・降園">
            <Line>
              {timeOf('登園', message.attendances.attendanceTime, message.attendances.attendanceRecorded)} ／{' '}
              {timeOf('降園', message.attendances.leavingTime, message.attendances.leavingRecorded)}
            </Line>
          </Row>
        )}
      </dl>
      {info?.text && (
        <div className={css.stack2}>
          <TruncatedText text={info.text} threshold={threshold} />
          {info.name && <p className={`${css.xs} ${css.dimmed} ${css.right}`}>記入者：{info.name}</p>}
        </div>
      )}
      {info && <Gallery images={images(info.employeeMessageFiles)} label="今日の写真" />}
      {info && <Gallery images={images(info.broadcastMessageFiles)} label="クラスの写真" />}

      {expanded ? (
        <>
          <Documents files={documents} />
          {info && (
            <dl className={css.list}>
              {info.thermometries.length > 0 && (
                <Row label="検温">
                  <Lines lines={info.thermometries.map((t) => `${hhmm(t.time)} ${celsius(t.thermometry)}`)} />
                </Row>
              )}
              {info.sleeps.length > 0 && (
                <Row label="午睡">
                  <Lines lines={info.sleeps.map((s) => `${hhmm(s.start)}〜${s.end ? hhmm(s.end) : ''}`)} />
                </Row>
              )}
              {info.defecations.length > 0 && (
                <Row label="排便">
                  <Lines lines={info.defecations.map((d) => `${hhmm(d.time)} ${d.category}（${d.status}）`)} />
                </Row>
              )}
              {info.schoolMeal && (
                <Row label="給食の献立">
                  <Line>{info.schoolMeal}</Line>
                </Row>
              )}
              {meals && (meals.lunch.items.length > 0 || meals.lunch.note) && (
                <Row label="給食">
                  <Lines
                    lines={[
                      ...meals.lunch.items.map((i) => `${i.categoryLabel}：${i.amountLabel}`),
                      ...(meals.lunch.note ? [meals.lunch.note] : []),
                    ]}
                  />
                </Row>
              )}
              {meals && (meals.snackSet.morning || meals.snackSet.afternoon || meals.snackSet.contactToParents) && (
                <Row label="おやつ">
                  <Lines
                    lines={[
                      ...(meals.snackSet.morning ? [`午前：${meals.snackSet.morning}`] : []),
                      ...(meals.snackSet.afternoon ? [`午後：${meals.snackSet.afternoon}`] : []),
                      ...(meals.snackSet.contactToParents ? [meals.snackSet.contactToParents] : []),
                    ]}
                  />
                </Row>
              )}
              {meals && meals.milks.length > 0 && (
                <Row label="ミルク">
                  <Lines
                    lines={meals.milks.flatMap((m) => [
                      `${hhmm(m.time)} ${m.amount}ml`,
                      ...(m.contactToParents ? [m.contactToParents] : []),
                    ])}
                  />
                </Row>
              )}
            </dl>
          )}
          {family && (
            <>
              <div className={css.divider}>おうちからの連絡</div>
              <dl className={css.list} data-qa="family-information">
                {family.thermometry.temperature !== null && (
                  <Row label="検温">
                    <Line>
                      {hhmm(family.thermometry.doneAt)} {celsius(family.thermometry.temperature)}
                    </Line>
                  </Row>
                )}
                {(family.sleep.startedAt || family.sleep.endedAt) && (
                  <Row label="睡眠">
                    <Line>
                      {hhmm(family.sleep.startedAt)}〜{hhmm(family.sleep.endedAt)}
                    </Line>
                  </Row>
                )}
                {family.defecation.category && (
                  <Row label="排便">
                    <Line>
                      {hhmm(family.defecation.doneAt)} {family.defecation.category}
                      {family.defecation.status ? `（${family.defecation.status}）` : ''}
                    </Line>
                  </Row>
                )}
                {family.meals.map((meal) => (
                  <Row key={meal.category} label={meal.category}>
                    <Line>{meal.comment}</Line>
                  </Row>
                ))}
                {family.poolAttendance.isParticipate !== null && (
                  <Row label="プール">
                    <Line>{family.poolAttendance.isParticipate ? '参加' : '不参加'}</Line>
                  </Row>
                )}
                {family.text && (
                  <Row label="連絡事項">
                    <TruncatedText text={family.text} threshold={threshold} />
                  </Row>
                )}
              </dl>
            </>
          )}
        </>
      ) : (
        <button type="button" className={css.more} onClick={() => setExpanded(true)}>
          {feedTexts.showMore}
        </button>
      )}
    </article>
  );
});
