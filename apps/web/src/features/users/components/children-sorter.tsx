import { Alert, Avatar, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { guardianMessages, limits, type Child } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { useSaveChildrenOrder } from '../api';

function ChildRow({ child }: { child: Child }) {
  return (
    <Group wrap="nowrap" gap="sm">
      <Avatar src={child.image_url} alt="" radius="xl" color="brand">
        {child.first_name.slice(0, 1)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed">
          {child.first_name_kana}
        </Text>
        <Text fw={600} size="sm">
          {child.first_name}
        </Text>
        {child.facility_name && (
          <Text size="xs" c="dimmed" truncate>
            {child.facility_name}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function SortableRow({ child }: { child: Child }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: child.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        touchAction: 'none',
        cursor: 'grab',
      }}
      {...attributes}
      {...listeners}
      aria-label={`${child.first_name}（ドラッグまたはスペースキーで並び替え）`}
      data-testid={`sortable-${child.id}`}
    >
      <Group justify="space-between" wrap="nowrap">
        <ChildRow child={child} />
        <Text aria-hidden c="dimmed" size="lg">
          ≡
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * The activated children: links in view mode; in sorting mode a @dnd-kit list (activation
 * distance 5 px, keyboard too) with save and cancel, and the unsaved-change prompt (A §4).
 */
export function ChildrenSorter({ children }: { children: Child[] }) {
  const [sorting, setSorting] = useState(false);
  const [order, setOrder] = useState<Child[]>(children);
  const [failed, setFailed] = useState(false);
  const save = useSaveChildrenOrder();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: limits.dragActivationDistancePx } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dirty = sorting && order.map((c) => c.id).join(',') !== children.map((c) => c.id).join(',');

  useEffect(() => {
    if (!sorting) setOrder(children);
  }, [children, sorting]);

  // In-app navigation with unsaved changes asks first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ message: guardianMessages.orderUnsaved, confirmLabel: 'ページを離れる' }).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker]);
  // Closing or reloading the tab with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = guardianMessages.orderUnsaved;
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((items) =>
      arrayMove(
        items,
        items.findIndex((c) => c.id === active.id),
        items.findIndex((c) => c.id === over.id),
      ),
    );
  };
  const cancel = () => {
    setOrder(children);
    setSorting(false);
    setFailed(false);
  };
  const submit = () =>
    save.mutate(
      order.map((c) => c.id),
      {
        onSuccess: () => {
          setFailed(false);
          setSorting(false);
          showSuccess(guardianMessages.orderSaved);
        },
        onError: () => {
          setFailed(true);
          showFailure(guardianMessages.orderSaveFailed);
        },
      },
    );

  if (!sorting) {
    return (
      <Stack gap={6}>
        {children.map((child) => (
          <UnstyledButton key={child.id} component={Link} to={`/children/${child.id}`}>
            <Paper withBorder p="sm" radius="md">
              <ChildRow child={child} />
            </Paper>
          </UnstyledButton>
        ))}
        {children.length > 1 && (
          <Button variant="subtle" size="xs" onClick={() => setSorting(true)} style={{ alignSelf: 'flex-end' }}>
            並び替える
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        お子さまをドラッグして並び替え、「保存する」を押してください。
      </Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          {order.map((child) => (
            <SortableRow key={child.id} child={child} />
          ))}
        </SortableContext>
      </DndContext>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {guardianMessages.sorterSaveFailed}
        </Alert>
      )}
      <Group grow>
        <Button variant="default" onClick={cancel} disabled={save.isPending}>
          キャンセル
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={save.isPending}>
          保存する
        </Button>
      </Group>
    </Stack>
  );
}
