import { Anchor, Box, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { feedTexts, type DailyMessage, type FeedFile } from '@renraku/contract/client';
import { memo, useState, type ReactNode } from 'react';
import { Documents, Gallery } from './gallery';
import { TruncatedText } from './truncated-text';

/** HH:MM from a stored time (F §9: times show their first 5 characters). */
export const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : '--:--');
/** One decimal with ℃ (F §9). */
export const celsius = (value: number) => `${value.toFixed(1)}℃`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" fw={700} w={96} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box component="dd" m={0} style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Group>
  );
}

const Lines = ({ lines }: { lines: string[] }) => (
  <Stack gap={0}>
    {lines.map((line, i) => (
      <Text key={i} size="sm">
        {line}
      </Text>
    ))}
  </Stack>
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
    <Card withBorder radius="md" padding="sm" component="article" aria-label={`${childName}の連絡`} data-qa="message-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          {/* F §2: child links go to /children/{id} (the child's page). */}
          <Anchor component={Link} to={`/children/${message.child_id}`} fw={700} c="dark" underline="hover">
            {childName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {message.nursery}
          </Text>
        </Group>
        <Stack component="dl" m={0} gap={6}>
          {(message.attendances.attendanceTime || message.attendances.leavingTime) && (
            <Row label="登園・降園">
              <Text size="sm">
                登園 {hhmm(message.attendances.attendanceTime)} ／ 降園 {hhmm(message.attendances.leavingTime)}
              </Text>
            </Row>
          )}
        </Stack>
        {info?.text && (
          <Stack gap={2}>
            <TruncatedText text={info.text} threshold={threshold} />
            {info.name && (
              <Text size="xs" c="dimmed" ta="right">
                記入者：{info.name}
              </Text>
            )}
          </Stack>
        )}
        {info && <Gallery images={images(info.employeeMessageFiles)} label="今日の写真" />}
        {info && <Gallery images={images(info.broadcastMessageFiles)} label="クラスの写真" />}

        {expanded ? (
          <>
            <Documents files={documents} />
            {info && (
              <Stack component="dl" m={0} gap={6}>
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
                {info.schoolMeal && <Row label="給食の献立">{<Text size="sm">{info.schoolMeal}</Text>}</Row>}
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
              </Stack>
            )}
            {family && (
              <>
                <Divider label="おうちからの連絡" labelPosition="left" />
                <Stack component="dl" m={0} gap={6} data-qa="family-information">
                  {family.thermometry.temperature !== null && (
                    <Row label="検温">
                      <Text size="sm">
                        {hhmm(family.thermometry.doneAt)} {celsius(family.thermometry.temperature)}
                      </Text>
                    </Row>
                  )}
                  {(family.sleep.startedAt || family.sleep.endedAt) && (
                    <Row label="睡眠">
                      <Text size="sm">
                        {hhmm(family.sleep.startedAt)}〜{hhmm(family.sleep.endedAt)}
                      </Text>
                    </Row>
                  )}
                  {family.defecation.category && (
                    <Row label="排便">
                      <Text size="sm">
                        {hhmm(family.defecation.doneAt)} {family.defecation.category}
                        {family.defecation.status ? `（${family.defecation.status}）` : ''}
                      </Text>
                    </Row>
                  )}
                  {family.meals.map((meal) => (
                    <Row key={meal.category} label={meal.category}>
                      <Text size="sm">{meal.comment}</Text>
                    </Row>
                  ))}
                  {family.poolAttendance.isParticipate !== null && (
                    <Row label="プール">
                      <Text size="sm">{family.poolAttendance.isParticipate ? '参加' : '不参加'}</Text>
                    </Row>
                  )}
                  {family.text && (
                    <Row label="連絡事項">
                      <TruncatedText text={family.text} threshold={threshold} />
                    </Row>
                  )}
                </Stack>
              </>
            )}
          </>
        ) : (
          <Button variant="light" size="xs" onClick={() => setExpanded(true)}>
            {feedTexts.showMore}
          </Button>
        )}
      </Stack>
    </Card>
  );
});
