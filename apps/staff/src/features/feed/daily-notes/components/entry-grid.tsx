import { Badge, Box, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { memo, useState } from 'react';
import {
  dailyNoteStatusLabels,
  defaultLunchCategories,
  emptyDailyNoteContent,
  type ClassDay,
  type ClassDayChild,
  type DailyNoteContent,
  type DailyNoteField,
} from '@renraku/contract/staff';
import { AllergyNote } from '../../../../components/allergy-note';
import { contentError } from '../use-draft-autosave';
import { fields, type FieldDef } from './fields';
import { applyMenu, MenuPanel, menuOf, type Menu } from './menu-panel';
import { QuickCell } from './quick-row';

const statusColors: Record<ClassDayChild['status'], string> = {
  empty: 'gray',
  draft: 'yellow',
  published: 'green',
  changed: 'orange',
};

interface GridProps {
  day: ClassDay;
  contentOf: (childId: number) => DailyNoteContent | undefined;
  /** Children with edits the server does not have yet. */
  pendingIds: Set<number>;
  edit: (childIds: number[], update: (content: DailyNoteContent) => DailyNoteContent) => void;
  onPublish: (childIds: number[]) => void;
  publishing: boolean;
  /** 全員に適用 (server side: empty cells only unless overwrite). */
  onApply: (field: DailyNoteField, template: DailyNoteContent, overwrite: boolean) => void;
  applying: boolean;
}

/** The 「全員」 row's starting values: the class's typical nap of the day (docs/decisions/feed-staff-daily-notes-taps.md). */
const templateOf = (day: ClassDay): DailyNoteContent => ({
  ...emptyDailyNoteContent(),
  sleeps: day.defaults.nap ? [{ start: day.defaults.nap.start, end: day.defaults.nap.end }] : [],
});

/** A child's status as the row shows it: edits not yet on the server count as a draft. */
export function rowStatus(child: ClassDayChild, pending: boolean): ClassDayChild['status'] {
  if (!pending) return child.status;
  return child.published ? 'changed' : 'draft';
}

/**
 * The whole class on one screen (staff.md §4): 一覧 with every kind of record on one row per child
 * (one or two taps each), a tab per kind for the details (several readings, exceptions), the
 * 「全員」 row on top to fill every present child at once, and 公開 per row.
 */
export function EntryGrid({ day, contentOf, pendingIds, edit, onPublish, publishing, onApply, applying }: GridProps) {
  const [tab, setTab] = useState<string>('menu');
  const [template, setTemplate] = useState<DailyNoteContent>(() => templateOf(day));
  const present = day.children.filter((c) => !c.absent);
  const presentIds = present.map((c) => c.child_id);
  const firstPresent = present[0] ? contentOf(present[0].child_id) : undefined;
  const menu = menuOf(firstPresent, defaultLunchCategories);
  const disabled = !day.can_write;

  const setMenu = (next: Menu) => edit(presentIds, (c) => applyMenu(c, next));
  const field = fields.find((f) => f.key === tab);

  return (
    <Stack gap="sm">
      <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="menu" h={48}>
            一覧
          </Tabs.Tab>
          {fields.map((f) => (
            <Tabs.Tab key={f.key} value={f.key} h={48}>
              {f.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {tab === 'menu' ? (
        <MenuPanel menu={menu} previous={day.previous_menu} disabled={disabled} onChange={setMenu} />
      ) : (
        field &&
        !disabled && (
          <AllRow
            field={field}
            template={template}
            setTemplate={setTemplate}
            categories={menu.categories}
            count={presentIds.length}
            applying={applying}
            onApply={(overwrite) => onApply(field.key, template, overwrite)}
          />
        )
      )}

      <Stack gap={6} role="list" aria-label="園児">
        {day.children.map((child) => (
          <ChildRow
            key={child.child_id}
            child={child}
            content={contentOf(child.child_id) ?? child.content}
            pending={pendingIds.has(child.child_id)}
            field={tab === 'menu' ? null : (field ?? null)}
            categoriesKey={menu.categories.join('、')}
            // While 全員に適用 is on its way a row's edit would start from the day before it and,
            // saved after it, erase what it filled in: the rows wait for its answer.
            disabled={disabled || applying}
            publishing={publishing}
            edit={edit}
            onPublish={onPublish}
          />
        ))}
      </Stack>
    </Stack>
  );
}

interface RowProps {
  child: ClassDayChild;
  content: DailyNoteContent;
  pending: boolean;
  /** null: the 一覧 tab (one row of quick picks). */
  field: FieldDef | null;
  /** The class's 給食 categories, joined (a string, so that the memo compares by value). */
  categoriesKey: string;
  disabled: boolean;
  publishing: boolean;
  edit: GridProps['edit'];
  onPublish: GridProps['onPublish'];
}

/** One child's row; memoised, so a tap re-renders that row only (20 rows × 15 buttons on a tablet). */
const ChildRow = memo(function ChildRow({
  child,
  content,
  pending,
  field,
  categoriesKey,
  disabled,
  publishing,
  edit,
  onPublish,
}: RowProps) {
  const status = rowStatus(child, pending);
  const error = contentError(content);
  const categories = categoriesKey ? categoriesKey.split('、') : [];
  const Cell = field ? field.Cell : QuickCell;
  return (
    <Paper withBorder p={6} radius="sm" role="listitem" aria-label={child.name} data-status={status}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Box w={112} style={{ flexShrink: 0 }}>
          <Text fw={700} size="sm" lineClamp={1}>
            {child.name}
          </Text>
          <Group gap={4}>
            <Badge
              size="sm"
              variant="light"
              color={statusColors[status]}
              styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
            >
              {dailyNoteStatusLabels[status]}
            </Badge>
            {child.absent && (
              <Badge size="sm" variant="outline" color="gray" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
                欠席
              </Badge>
            )}
          </Group>
          <AllergyNote allergies={child.allergies} />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Cell
            content={content}
            categories={categories}
            disabled={disabled}
            who={child.name}
            onChange={(update) => edit([child.child_id], update)}
          />
          {error && (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          )}
        </Box>
        {!disabled && (
          <Button
            h={44}
            variant="light"
            style={{ flexShrink: 0 }}
            disabled={publishing || !!error || (status !== 'draft' && status !== 'changed')}
            onClick={() => onPublish([child.child_id])}
            aria-label={`${child.name}を公開`}
          >
            公開
          </Button>
        )}
      </Group>
    </Paper>
  );
});

function AllRow({
  field,
  template,
  setTemplate,
  categories,
  count,
  applying,
  onApply,
}: {
  field: FieldDef;
  template: DailyNoteContent;
  setTemplate: (t: DailyNoteContent) => void;
  categories: string[];
  count: number;
  applying: boolean;
  onApply: (overwrite: boolean) => void;
}) {
  return (
    <Paper withBorder p={6} radius="sm" bg="brand.0">
      <Group gap="sm" wrap="nowrap" align="center">
        <Box w={120} style={{ flexShrink: 0 }}>
          <Text fw={700} size="sm">
            出席の全員（{count}人）
          </Text>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <field.Cell
            content={template}
            categories={categories}
            disabled={false}
            who="全員"
            single
            onChange={(update) => setTemplate(update(template))}
          />
        </Box>
        <Stack gap={4} style={{ flexShrink: 0 }}>
          <Button h={44} loading={applying} onClick={() => onApply(false)}>
            全員に適用（空欄のみ）
          </Button>
          <Button h={44} variant="default" disabled={applying} onClick={() => onApply(true)}>
            上書きして全員に適用
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
