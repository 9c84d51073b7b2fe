import { createContext, useContext, useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import * as Y from 'yjs';
import type { Editor } from '../use-collab';

/**
 * The other editors' carets inside a text field (records.md §3: each sees the others' cursors and
 * names). A caret travels in awareness as a Yjs relative position, so it stays on its character while
 * text is typed before it; here it is drawn over the field by a transparent mirror of the text.
 */

export interface CaretChannel {
  editors: Editor[];
  /** Tells the others where this editor's caret is in a field (null: left it). */
  publish: (field: string, index: number | null) => void;
}
export const CaretContext = createContext<CaretChannel | null>(null);
export const useCaretChannel = () => useContext(CaretContext);

/** The awareness value of a caret at `index` of the field's text. */
export const caretAt = (doc: Y.Doc, field: string, index: number) => ({
  field,
  rel: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(doc.getText(field), index)),
});

/** The others' carets in this field, as indexes of its text now. */
export function caretsIn(doc: Y.Doc, field: string, editors: Editor[]) {
  return editors.flatMap((e) => {
    if (e.caret?.field !== field) return [];
    const at = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(e.caret.rel), doc);
    return at ? [{ clientId: e.clientId, name: e.name, color: e.color, index: at.index }] : [];
  });
}

/** The field's box and text flow copied, so a span after `value.slice(0, index)` lands where the caret is. */
function mirrorOf(el: HTMLTextAreaElement | HTMLInputElement, host: HTMLElement): CSSProperties {
  const a = el.getBoundingClientRect();
  const b = host.getBoundingClientRect();
  const cs = getComputedStyle(el);
  return {
    position: 'absolute',
    top: a.top - b.top,
    left: a.left - b.left,
    width: a.width,
    height: a.height,
    boxSizing: 'border-box',
    padding: cs.padding,
    border: `${cs.borderTopWidth} solid transparent`,
    font: cs.font,
    lineHeight: cs.lineHeight,
    letterSpacing: cs.letterSpacing,
    whiteSpace: el.tagName === 'TEXTAREA' ? 'pre-wrap' : 'pre',
    overflowWrap: 'break-word',
    overflow: 'hidden',
    color: 'transparent',
    pointerEvents: 'none',
  };
}

export function RemoteCarets({
  field,
  value,
  carets,
}: {
  field: RefObject<HTMLTextAreaElement | HTMLInputElement | null>;
  value: string;
  carets: { clientId: number; name: string; color: string; index: number }[];
}) {
  const [box, setBox] = useState<{ style: CSSProperties; scrollTop: number; scrollLeft: number } | null>(null);
  useLayoutEffect(() => {
    const el = field.current;
    const host = el?.closest<HTMLElement>('[data-carets-host]');
    if (!el || !host) return;
    const measure = () => setBox({ style: mirrorOf(el, host), scrollTop: el.scrollTop, scrollLeft: el.scrollLeft });
    measure();
    el.addEventListener('scroll', measure);
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [field, value, carets.length]);
  if (!box) return null;
  return carets.map((c) => (
    <div key={c.clientId} aria-hidden="true" style={box.style} data-testid="remote-caret">
      <div style={{ transform: `translate(${-box.scrollLeft}px, ${-box.scrollTop}px)` }}>
        {value.slice(0, c.index)}
        <span style={{ position: 'relative' }}>
          <span style={{ position: 'absolute', top: 0, left: -1, width: 2, height: '1.25em', background: c.color }} />
          <span
            style={{
              position: 'absolute',
              bottom: '1.2em',
              left: -1,
              background: c.color,
              color: '#fff',
              fontSize: 11,
              lineHeight: 1.4,
              padding: '0 4px',
              borderRadius: 3,
              whiteSpace: 'nowrap',
            }}
          >
            {c.name}
          </span>
        </span>
      </div>
    </div>
  ));
}
