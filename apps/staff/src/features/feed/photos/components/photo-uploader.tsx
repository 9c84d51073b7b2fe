import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClassPhotos } from '@renraku/contract/staff';
import { errorText, statusOf } from '@renraku/ui/api';
import { classPhotosKey, uploadPhoto, type PhotoTags } from '../api';

interface QueueItem {
  id: number;
  file: File;
  tags: PhotoTags;
  label: string;
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Tags as the screen names them: 「クラス」 and the children's names. */
export function tagLabel(tags: PhotoTags, names: Map<number, string>): string {
  return [...(tags.toClass ? ['クラス'] : []), ...tags.childIds.map((id) => names.get(id) ?? '')].join('、');
}

/**
 * Who will see a photo with these tags, named before it is sent (issue 29): the class's families,
 * or the named children's families only.
 */
export function audienceText(tags: PhotoTags, names: Map<number, string>, className: string): string {
  const children = tags.childIds.map((id) => `${names.get(id) ?? ''}さん`).join('、');
  if (tags.toClass) return `${className}の全家庭に表示されます` + (children ? `（${children}の「今日の写真」にも載ります）` : '');
  return `${children}のご家族に表示されます`;
}

/**
 * Choose where the next photos go (the class and/or children), then take or pick several photos:
 * each is sent on its own, one after the other, with its progress; a failed one can be sent again.
 */
export function PhotoUploader({ day }: { day: ClassPhotos }) {
  const queryClient = useQueryClient();
  const [toClass, setToClass] = useState(false);
  const [childIds, setChildIds] = useState<number[]>([]);
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const nextId = useRef(1);
  const names = new Map(day.children.map((c) => [c.id, c.name]));
  const hasTag = toClass || childIds.length > 0;

  const toggleChild = (id: number) => setChildIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const add = (files: File[]) => {
    if (!hasTag || files.length === 0) return;
    const tags = { toClass, childIds: [...childIds] };
    const label = tagLabel(tags, names);
    setQueue((q) => [
      ...q,
      ...files.map((file) => ({ id: nextId.current++, file, tags, label, progress: 0, status: 'waiting' as const })),
    ]);
    // The tags go with these photos; the next photo starts untagged, so that it never goes to the
    // same families by mistake (issue 29).
    setToClass(false);
    setChildIds([]);
  };

  const update = (id: number, patch: Partial<QueueItem>) =>
    setQueue((q) => q.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  const send = useCallback(
    async (item: QueueItem) => {
      update(item.id, { status: 'uploading', progress: 0, error: undefined });
      // A lost network or a server failure is tried again twice (2 s apart) before 再試行 is offered.
      for (let attempt = 0; ; attempt++) {
        try {
          await uploadPhoto(day.class.id, day.date, item.file, item.tags, (fraction) => update(item.id, { progress: fraction }));
          update(item.id, { status: 'done', progress: 1 });
          await queryClient.invalidateQueries({ queryKey: classPhotosKey(day.class.id, day.date) });
          return;
        } catch (error) {
          const status = statusOf(error);
          const transient = status === undefined || status >= 500;
          if (transient && attempt < 2) {
            await new Promise((resolve) => setTimeout(resolve, 2000));
            update(item.id, { progress: 0 });
            continue;
          }
          update(item.id, {
            status: 'failed',
            error: status === undefined ? '通信できませんでした。再試行してください' : errorText(error),
          });
          return;
        }
      }
    },
    [day.class.id, day.date, queryClient],
  );

  // One upload at a time, in the order chosen (the ref: an effect run twice starts it once).
  const running = useRef<number | null>(null);
  useEffect(() => {
    if (running.current !== null || queue.some((item) => item.status === 'uploading')) return;
    const next = queue.find((item) => item.status === 'waiting');
    if (!next) return;
    running.current = next.id;
    void send(next).finally(() => {
      running.current = null;
      setQueue((q) => [...q]);
    });
  }, [queue, send]);

  const pressed = { variant: 'filled' as const };
  const released = { variant: 'default' as const };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          写真を追加
        </Title>
        <Text size="sm" id="photo-tags-label">
          載せる先を選んでから、写真を撮るか選んでください（複数選べます）。
        </Text>
        <Group gap="xs" role="group" aria-labelledby="photo-tags-label">
          <Button h={44} {...(toClass ? pressed : released)} aria-pressed={toClass} onClick={() => setToClass((v) => !v)}>
            クラス全員
          </Button>
          {day.children.map((child) => (
            <Button
              key={child.id}
              h={44}
              {...(childIds.includes(child.id) ? pressed : released)}
              aria-pressed={childIds.includes(child.id)}
              onClick={() => toggleChild(child.id)}
            >
              {child.name}
              {child.absent ? '（欠席）' : ''}
            </Button>
          ))}
        </Group>
        <Group gap="sm">
          <FileButton onChange={(file) => file && add([file])} accept="image/*" capture="environment">
            {(props) => (
              <Button {...props} h={48} disabled={!hasTag}>
                カメラで撮る
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(files) => add(files)} accept="image/*" multiple>
            {(props) => (
              <Button {...props} h={48} variant="light" disabled={!hasTag}>
                写真を選ぶ
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={hasTag ? undefined : 'red.8'} role="status" data-testid="photo-audience">
            {hasTag ? audienceText({ toClass, childIds }, names, day.class.name) : '載せる先が選ばれていません'}
          </Text>
        </Group>
        {queue.length > 0 && (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="アップロード">
            {queue.map((item) => (
              <li key={item.id} aria-label={item.file.name}>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" style={{ flex: '0 0 30%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {item.file.name}（{item.label}）
                  </Text>
                  <progress
                    max={100}
                    value={Math.round(item.progress * 100)}
                    aria-label={`${item.file.name}のアップロード`}
                    style={{ flex: 1, height: 12 }}
                  />
                  <Text size="sm" role="status" style={{ flex: '0 0 auto' }} c={item.status === 'failed' ? 'red.8' : undefined}>
                    {item.status === 'waiting' && '待機中'}
                    {item.status === 'uploading' && `${Math.round(item.progress * 100)}%`}
                    {item.status === 'done' && '完了'}
                    {item.status === 'failed' && item.error}
                  </Text>
                  {item.status === 'failed' && (
                    <Button h={44} variant="light" onClick={() => update(item.id, { status: 'waiting', progress: 0 })}>
                      再試行
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
