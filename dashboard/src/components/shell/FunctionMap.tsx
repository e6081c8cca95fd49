// Header entry "功能地图": a panel with the nine groups of spec §2, one column each; row 6 of column 3 opens the
// inclusion popup. The popup's code loads only when it is first opened, so the shell stays small.
import { Popover } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { FUNCTION_MAP, isAction } from './function-map';
import './shell.css';

const InclusionDialog = lazy(() => import('./InclusionDialog').then((m) => ({ default: m.InclusionDialog })));

function FunctionMapPanel({ onPick, onInclusion }: { onPick: () => void; onInclusion: () => void }) {
  return (
    <div className="function-map" data-testid="function-map">
      {FUNCTION_MAP.map((group, col) => (
        <div key={group.key} className="function-map-group" data-testid={`function-map-group-${group.key}`}>
          <div className="function-map-title">{group.title}</div>
          <ul>
            {group.items.map((item, row) => (
              <li key={item.label} data-row={row + 1} data-col={col + 1}>
                {isAction(item) ? (
                  <button
                    type="button"
                    className="function-map-action"
                    data-testid="function-map-inclusion"
                    onClick={onInclusion}
                  >
                    {item.label}
                  </button>
                ) : (
                  <Link to={item.to} onClick={onPick}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function FunctionMap() {
  const [open, setOpen] = useState(false);
  const [inclusion, setInclusion] = useState<{ open: boolean; loaded: boolean }>({
    open: false,
    loaded: false,
  });

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomLeft"
        arrow={false}
        content={
          <FunctionMapPanel
            onPick={() => setOpen(false)}
            onInclusion={() => {
              setOpen(false);
              setInclusion({ open: true, loaded: true });
            }}
          />
        }
      >
        <button type="button" className="function-map-trigger" data-testid="function-map-trigger">
          功能地图
          <span className="function-map-caret" aria-hidden>
            ▾
          </span>
        </button>
      </Popover>
      {inclusion.loaded && (
        <Suspense fallback={null}>
          <InclusionDialog
            open={inclusion.open}
            onClose={() => setInclusion({ open: false, loaded: true })}
          />
        </Suspense>
      )}
    </>
  );
}
