import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { theme } from 'antd';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { runEditorQuery } from '../state/editorThunks';
import { updateQueryEditor } from '../state/sqlLabSlice';
import type { QueryEditor } from '../state/types';
import { EditorPane } from './EditorPane';
import { LeftBar } from './LeftBar';
import { SouthPane } from './SouthPane';
import { Toolbar } from './Toolbar';

const MIN_PERCENT = 10;
const MAX_PERCENT = 90;

function useAvailableHeight(): number {
  const [height, setHeight] = useState(() => Math.max(480, window.innerHeight - 220));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(480, window.innerHeight - 220));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/** One tab: left bar, toolbar, editor (north) and results (south), split by a draggable bar. */
export function SqlEditor({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const { token } = theme.useToken();
  const total = useAvailableHeight();
  const splitRef = useRef<HTMLDivElement>(null);
  const north = Math.round((total * editor.northPercent) / 100);
  const south = total - north;

  // Autorun (cloned tabs, shared links): run once when opened.
  const { id, autorun, dbId } = editor;
  useEffect(() => {
    if (!autorun || dbId === null) return;
    dispatch(updateQueryEditor(id, { autorun: false }));
    void dispatch(runEditorQuery(id));
  }, [autorun, dbId, id, dispatch]);

  const startDrag = (event: ReactMouseEvent) => {
    event.preventDefault();
    const top = splitRef.current?.getBoundingClientRect().top ?? 0;
    const move = (e: MouseEvent) => {
      const percent = Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, ((e.clientY - top) / total) * 100));
      dispatch(updateQueryEditor(id, { northPercent: Math.round(percent), southPercent: 100 - Math.round(percent) }));
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return (
    <div style={{ display: 'flex', minHeight: total }}>
      {editor.hideLeftBar ? null : <LeftBar editor={editor} />}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Toolbar editor={editor} />
        <div ref={splitRef}>
          <EditorPane editor={editor} height={`${north}px`} />
          <div
            role="separator"
            aria-orientation="horizontal"
            aria-label="Resize editor"
            onMouseDown={startDrag}
            style={{ height: 8, cursor: 'row-resize', background: token.colorFillSecondary, margin: '2px 0' }}
          />
          <SouthPane editor={editor} height={south} />
        </div>
      </div>
    </div>
  );
}
