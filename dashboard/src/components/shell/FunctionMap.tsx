// Header entry "功能地图": a full-width panel under the header with the nine groups of spec §2, one column each; row 6 of column 3 opens the
// inclusion popup. The popup's code loads only when it is first opened, so the shell stays small.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
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
  const { pathname, search } = useLocation();

  // Any navigation closes the panel; so does Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={`function-map-trigger${open ? ' is-open' : ''}`}
        data-testid="function-map-trigger"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        功能地图
        <span className="function-map-caret" aria-hidden>
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open && (
        <>
          {/* A click outside the panel closes it. */}
          <div className="function-map-backdrop" onClick={() => setOpen(false)} aria-hidden />
          <div className="function-map-overlay" role="dialog" aria-label="功能地图">
            <FunctionMapPanel
              onPick={() => setOpen(false)}
              onInclusion={() => {
                setOpen(false);
                setInclusion({ open: true, loaded: true });
              }}
            />
          </div>
        </>
      )}
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
