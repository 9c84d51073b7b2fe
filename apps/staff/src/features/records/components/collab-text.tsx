import { Textarea, TextInput } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as Y from 'yjs';
import { useRememberCaret } from './phrase-target';
import { caretsIn, RemoteCarets, useCaretChannel } from './remote-carets';

/** Where a caret moves when a remote change (a Yjs delta) lands before or around it. */
function shift(index: number, delta: { retain?: number; insert?: unknown; delete?: number }[]): number {
  let pos = 0;
  let out = index;
  for (const op of delta) {
    if (pos > index) break;
    if (op.retain) pos += op.retain;
    else if (typeof op.insert === 'string') {
      if (pos <= index) out += op.insert.length;
      pos += op.insert.length;
    } else if (op.delete) {
      if (pos < index) out -= Math.min(op.delete, index - pos);
    }
  }
  return Math.max(0, out);
}

/**
 * A text field bound to a Y.Text (records-co-editing.md): what is typed goes into the shared text
 * as the smallest insert and delete; what the others type appears here, the caret staying in place.
 */
export function CollabText({
  doc,
  name,
  label,
  description,
  readOnly,
  short,
  onFocusChange,
}: {
  doc: Y.Doc;
  name: string;
  label: string;
  description?: React.ReactNode;
  readOnly: boolean;
  short?: boolean;
  onFocusChange?: (focused: boolean) => void;
}) {
  const text = doc.getText(name);
  const [value, setValue] = useState(() => text.toString());
  const ref = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const caret = useRef<[number, number] | null>(null);
  const remember = useRememberCaret();
  const channel = useCaretChannel();
  const publishCaret = () => {
    const el = ref.current;
    if (el && !readOnly && document.activeElement === el) channel?.publish(name, el.selectionStart ?? 0);
  };

  useEffect(() => {
    const observe = (event: Y.YTextEvent, tx: Y.Transaction) => {
      const el = ref.current;
      if (!tx.local && el && document.activeElement === el) {
        const delta = event.delta as { retain?: number; insert?: unknown; delete?: number }[];
        caret.current = [shift(el.selectionStart ?? 0, delta), shift(el.selectionEnd ?? 0, delta)];
      }
      setValue(text.toString());
    };
    setValue(text.toString());
    text.observe(observe);
    return () => text.unobserve(observe);
  }, [text]);

  useLayoutEffect(() => {
    if (caret.current && ref.current) {
      ref.current.setSelectionRange(caret.current[0], caret.current[1]);
      caret.current = null;
    }
  }, [value]);

  const onChange = (next: string) => {
    const current = text.toString();
    let start = 0;
    while (start < current.length && start < next.length && current[start] === next[start]) start++;
    let end = 0;
    while (
      end < current.length - start &&
      end < next.length - start &&
      current[current.length - 1 - end] === next[next.length - 1 - end]
    )
      end++;
    doc.transact(() => {
      if (current.length - start - end > 0) text.delete(start, current.length - start - end);
      const inserted = next.slice(start, next.length - end);
      if (inserted) text.insert(start, inserted);
    });
    setValue(next);
  };

  const common = {
    ref,
    label,
    description,
    value,
    readOnly,
    onChange: (e: React.ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => onChange(e.currentTarget.value),
    onSelect: publishCaret,
    onFocus: () => {
      onFocusChange?.(true);
      publishCaret();
    },
    onBlur: (e: React.FocusEvent<HTMLTextAreaElement | HTMLInputElement>) => {
      onFocusChange?.(false);
      if (!readOnly) channel?.publish(name, null);
      if (!readOnly) remember?.({ name, index: e.currentTarget.selectionEnd ?? e.currentTarget.value.length });
    },
    size: 'md' as const,
  };
  const carets = channel ? caretsIn(doc, name, channel.editors) : [];
  return (
    <div data-carets-host style={{ position: 'relative' }}>
      {short ? <TextInput {...common} /> : <Textarea {...common} autosize minRows={3} maxRows={14} />}
      {carets.length > 0 && <RemoteCarets field={ref} value={value} carets={carets} />}
    </div>
  );
}
