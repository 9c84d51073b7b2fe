import { createContext, useContext, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { limits } from '@renraku/contract/client/messages';
import { recordTemplateLimits } from '@renraku/contract/staff';
import { mayMoveField, moveFieldTo, moveTo, placeOf, type DraftSection } from '../template-draft';

/*
 * Drag and drop in the template editor (records-templates.md, issue 32), with @dnd-kit: a section by
 * its handle among the sections, a field by its handle within its section or to another one (the
 * draft's rules: a section keeps one field, holds at most 40). A field crossing to another section
 * moves there while it is dragged (so the lists make room); a drop puts it in its place, Esc undoes
 * the whole drag. Keyboard: Space picks up, the arrows move, Space drops; announced in Japanese.
 */

type Kind = 'section' | 'field';
export const sortableId = (kind: Kind, key: string) => `${kind}:${key}`;
const parse = (id: UniqueIdentifier): { kind: Kind; key: string } => {
  const [kind, key] = String(id).split(':') as [Kind, string];
  return { kind, key };
};

/** What is being dragged: the other kind's items are no drop targets meanwhile. */
const DraggingContext = createContext<Kind | null>(null);

const sectionName = (sections: readonly DraftSection[], i: number) => `欄「${sections[i]?.title || `欄${i + 1}`}」`;
function fieldName(sections: readonly DraftSection[], key: string): string {
  const at = placeOf(sections, key);
  const field = at && sections[at.section]!.fields[at.index]!;
  return `項目「${field?.label || `項目${(at?.index ?? 0) + 1}`}」`;
}

/** The Japanese words of the screen reader's instructions and of each step (the live region). */
function announcementsOf(
  current: { readonly current: readonly DraftSection[] },
  refused: { current: string | null },
  pickedUp: { current: boolean },
): Announcements {
  const where = (active: Active) => {
    const sections = current.current;
    const { kind, key } = parse(active.id);
    if (kind === 'section') {
      const i = sections.findIndex((s) => s.key === key);
      return { name: sectionName(sections, i), place: `${i + 1}番目` };
    }
    const at = placeOf(sections, key);
    return { name: fieldName(sections, key), place: at ? `${sectionName(sections, at.section)}の${at.index + 1}番目` : '' };
  };
  /** The place the dragged item takes over `over` (the sortable list shows it there until the drop). */
  const target = (active: Active, over: Over | null) => {
    const sections = current.current;
    const a = parse(active.id);
    const o = over ? parse(over.id) : null;
    if (!o || o.kind !== a.kind) return where(active).place;
    if (a.kind === 'section') return `${sections.findIndex((s) => s.key === o.key) + 1}番目`;
    const at = placeOf(sections, o.key);
    return at ? `${sectionName(sections, at.section)}の${at.index + 1}番目` : where(active).place;
  };
  return {
    onDragStart: ({ active }) => {
      const { name, place } = where(active);
      return `${name}を持ち上げました（${place}）。矢印キーで動かし、スペースキーで置きます。Escキーで取り消します。`;
    },
    onDragOver: ({ active, over }) => {
      // The pick-up's own step (over its own place) keeps the pick-up's words.
      const first = pickedUp.current;
      pickedUp.current = false;
      if (first && over?.id === active.id) return undefined;
      return refused.current ?? `${where(active).name}を${target(active, over)}に移動しました。`;
    },
    onDragEnd: ({ active }) => `${where(active).name}を${where(active).place}に置きました。`,
    onDragCancel: ({ active }) => `並べ替えを取り消しました。${where(active).name}は元の場所に戻りました。`,
  };
}

/**
 * The editor's sections in one drag and drop context: `children` are the sections (each a
 * `useSortableItem('section', …)`, its fields in a `FieldList`); every move goes through `onChange`.
 */
export function TemplateSortable({
  sections,
  onChange,
  children,
}: {
  sections: DraftSection[];
  onChange: (next: DraftSection[]) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState<{ kind: Kind; key: string } | null>(null);
  // The sections as the last step left them (the announcements read them in the same event), and as
  // they were when the drag began (Esc puts them back).
  const current = useRef(sections);
  current.current = sections;
  const before = useRef<DraftSection[] | null>(null);
  const refused = useRef<string | null>(null);
  const pickedUp = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: limits.dragActivationDistancePx } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo(() => announcementsOf(current, refused, pickedUp), []);
  const apply = (next: DraftSection[]) => {
    current.current = next;
    onChange(next);
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    before.current = current.current;
    refused.current = null;
    pickedUp.current = true;
    setDragging(parse(active.id));
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    refused.current = null;
    const a = parse(active.id);
    const o = over ? parse(over.id) : null;
    if (a.kind !== 'field' || !o || o.kind !== 'field' || o.key === a.key) return;
    const sections = current.current;
    const from = placeOf(sections, a.key);
    const to = placeOf(sections, o.key);
    if (!from || !to || from.section === to.section) return;
    if (!mayMoveField(sections, a.key, to.section)) {
      const why =
        sections[from.section]!.fields.length <= 1
          ? '欄には項目が1つ以上必要です'
          : `1つの欄の項目は${recordTemplateLimits.fieldsPerSection}までです`;
      refused.current = `${fieldName(sections, a.key)}は${sectionName(sections, to.section)}に移せません（${why}）。`;
      return;
    }
    // It joins that section just after the item it is over: the sortable list then shows it in that
    // item's place, which is where a drop puts it (arrayMove). Just after, not in its place: the item
    // stays the nearest to the dragged one (a keyboard step puts it on the item's top edge), so what is
    // shown, said and dropped stays the same from one measure to the next.
    apply(moveFieldTo(sections, a.key, to.section, to.index + 1));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const a = parse(active.id);
    const o = over ? parse(over.id) : null;
    const sections = current.current;
    if (!o || o.kind !== a.kind || o.key === a.key) return;
    if (a.kind === 'section') {
      const from = sections.findIndex((s) => s.key === a.key);
      apply(
        moveTo(
          sections,
          from,
          sections.findIndex((s) => s.key === o.key),
        ),
      );
      return;
    }
    const from = placeOf(sections, a.key);
    const to = placeOf(sections, o.key);
    // Over a field of its own section (where the crossing left it): that field's place.
    if (from && to && from.section === to.section) apply(moveFieldTo(sections, a.key, to.section, to.index));
  };
  const onDragCancel = () => {
    setDragging(null);
    if (before.current) apply(before.current);
  };

  const overlay = dragging && (
    <Paper withBorder shadow="md" p="sm" radius="sm" style={{ cursor: 'grabbing' }}>
      <Text size="sm" fw={600}>
        {dragging.kind === 'section'
          ? sectionName(
              sections,
              sections.findIndex((s) => s.key === dragging.key),
            )
          : fieldName(sections, dragging.key)}
      </Text>
    </Paper>
  );
  return (
    <DraggingContext.Provider value={dragging?.kind ?? null}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              '並べ替えるには、スペースキーで持ち上げ、矢印キーで動かし、もう一度スペースキーで置きます。Escキーで取り消します。',
          },
        }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <SortableContext items={sections.map((s) => sortableId('section', s.key))} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
        <DragOverlay>{overlay}</DragOverlay>
      </DndContext>
    </DraggingContext.Provider>
  );
}

/** A section's fields as one sortable list (a field may also come in from another section). */
export function FieldList({ section, children }: { section: DraftSection; children: ReactNode }) {
  return (
    <SortableContext items={section.fields.map((f) => sortableId('field', f.key))} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  );
}

/**
 * A sortable section or field: the node to move (`ref`, `style`) and its handle (`handle`), a
 * button named 「… を並べ替える」 (44 px square) that picks it up by mouse, finger or keyboard.
 */
export function useSortableItem(kind: Kind, key: string, name: string) {
  const dragging = useContext(DraggingContext);
  const sortable = useSortable({
    id: sortableId(kind, key),
    disabled: { draggable: false, droppable: dragging !== null && dragging !== kind },
    attributes: { roleDescription: '並べ替えできる' + (kind === 'section' ? '欄' : '項目') },
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.4 : undefined,
  };
  const handle = (
    <Button
      ref={sortable.setActivatorNodeRef}
      variant="default"
      size="xs"
      h={44}
      w={44}
      px={0}
      style={{ touchAction: 'none', cursor: sortable.isDragging ? 'grabbing' : 'grab' }}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`${name}を並べ替える`}
    >
      <span aria-hidden>⠿</span>
    </Button>
  );
  return { ref: sortable.setNodeRef, style, handle };
}
