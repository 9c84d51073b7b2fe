import * as Y from 'yjs';
import { recordReferenceLists, type RecordField, type RecordSection } from '@renraku/contract';

/** A field's content as read from the document (what the print shows). */
export type FieldContent =
  | { type: 'text'; label: string; text: string; short: boolean }
  | { type: 'value'; label: string; text: string }
  | { type: 'grid'; label: string; columns: string[]; rows: { label: string; cells: string[] }[] }
  | { type: 'ticks'; label: string; items: { name: string; ticked: boolean }[] }
  | { type: 'facts'; label: string; key: 'attendance' | 'naps' };

export interface SectionContent {
  title: string;
  fields: FieldContent[];
  /** Starts on a new page (the 要録's 様式: its second page). */
  newPage?: boolean;
}

function fieldContent(doc: Y.Doc, field: RecordField): FieldContent {
  const text = (name: string) => doc.getText(name).toString().trim();
  switch (field.type) {
    case 'text':
    case 'short_text':
      return { type: 'text', label: field.label, text: text(field.key), short: field.type === 'short_text' };
    case 'choice':
    case 'date': {
      const value = doc.getMap('values').get(field.key);
      return { type: 'value', label: field.label, text: typeof value === 'string' ? value : '' };
    }
    case 'grid': {
      const columns = field.columns ?? [];
      return {
        type: 'grid',
        label: field.label,
        columns,
        rows: (field.rows ?? []).map((row, r) => ({
          label: row,
          cells: columns.map((_, c) => text(`${field.key}:${r}:${c}`)),
        })),
      };
    }
    case 'ticks': {
      const ticks = doc.getMap('ticks');
      const items = field.reference ? recordReferenceLists[field.reference].items : [];
      return {
        type: 'ticks',
        label: field.label,
        items: items.map((name) => ({ name, ticked: ticks.get(`${field.key}:${name}`) === true })),
      };
    }
    case 'attendance':
    case 'naps':
      return { type: 'facts', label: field.label, key: field.type };
  }
}

/**
 * A document's content as its template lays it out, read from its stored Yjs state (the same
 * names the editor writes: records.ts's `recordFieldSchema`). A state that does not parse reads
 * as empty rather than failing the print.
 */
export function documentContent(state: Uint8Array | null, sections: RecordSection[]): SectionContent[] {
  const doc = new Y.Doc();
  if (state) {
    try {
      Y.applyUpdate(doc, state);
    } catch {
      // An unreadable state prints as an empty form.
    }
  }
  const content = sections.map((s) => ({ title: s.title, fields: s.fields.map((f) => fieldContent(doc, f)) }));
  doc.destroy();
  return content;
}
