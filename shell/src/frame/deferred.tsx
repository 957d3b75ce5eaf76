// Header controls drawn at once, their overlays (overlays.tsx) loaded on first use: hovering
// or focusing a control fetches them, a click before they arrive opens its menu or popover
// as soon as they do. Until then a control is the plain button or icon it wraps.
import { cloneElement, useEffect, useState, useSyncExternalStore, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router';

export type Overlays = typeof import('./overlays.tsx');

let overlays: Overlays | undefined;
let pending: Promise<Overlays> | undefined;
const listeners = new Set<() => void>();

export function loadOverlays(): Promise<Overlays> {
  pending ??= import('./overlays.tsx').then(
    (m) => {
      overlays = m;
      for (const l of listeners) l();
      return m;
    },
    (err: unknown) => {
      pending = undefined; // the next hover or click tries again
      throw err;
    },
  );
  return pending;
}

const prefetch = () => void loadOverlays().catch(() => {});

export function useOverlays(): Overlays | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => overlays,
    () => overlays,
  );
}

type Handler = (e: SyntheticEvent) => void;
type TargetProps = { onPointerEnter?: Handler; onFocus?: Handler; onClick?: Handler };

/** The control with its own handlers kept, plus: hover and focus fetch the overlays. */
function warm(target: ReactElement<TargetProps>, onClick?: () => void): ReactElement {
  const own = target.props;
  return cloneElement(target, {
    onPointerEnter: (e: SyntheticEvent) => {
      own.onPointerEnter?.(e);
      prefetch();
    },
    onFocus: (e: SyntheticEvent) => {
      own.onFocus?.(e);
      prefetch();
    },
    ...(onClick && {
      onClick: (e: SyntheticEvent) => {
        own.onClick?.(e);
        onClick();
      },
    }),
  });
}

/** A tooltip on `children` once the overlays are there (the first hover fetches them).
 * Other props (a menu target's handlers and ref) go through to the child. */
export function Tip({ label, children, ...forwarded }: { label: string; children: ReactElement<TargetProps> } & Record<string, unknown>) {
  const o = useOverlays();
  if (o)
    return (
      <o.Tooltip label={label} {...forwarded}>
        {children}
      </o.Tooltip>
    );
  return warm(Object.keys(forwarded).length ? cloneElement(children, forwarded) : children);
}

export type MenuEntry = { label: string; href?: string; onClick?: () => void; testId?: string };

/** A dropdown menu of links (and actions) opened by `target`. */
export function DropdownMenu({ target, entries, position }: { target: ReactElement<TargetProps>; entries: MenuEntry[]; position: 'bottom-start' | 'bottom-end' }) {
  const o = useOverlays();
  const [clicked, setClicked] = useState(false);
  if (!o)
    return warm(target, () => {
      setClicked(true);
      prefetch();
    });
  return (
    <o.Menu position={position} withinPortal defaultOpened={clicked}>
      <o.Menu.Target>{target}</o.Menu.Target>
      <o.Menu.Dropdown>
        {entries.map((n) =>
          n.href ? (
            <o.Menu.Item key={n.href + n.label} component={Link} to={n.href} data-testid={n.testId}>
              {n.label}
            </o.Menu.Item>
          ) : (
            <o.Menu.Item key={n.label} onClick={n.onClick} data-testid={n.testId}>
              {n.label}
            </o.Menu.Item>
          ),
        )}
      </o.Menu.Dropdown>
    </o.Menu>
  );
}

/** A popover whose open state the caller holds (the target's click toggles it); its content
 * is drawn with the overlays at hand (a scroll area, say). */
export function DropdownPopover({
  opened,
  onChange,
  target,
  children,
  width,
  shadow,
  trapFocus,
  dropdownProps,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  target: ReactElement<TargetProps>;
  children: (o: Overlays) => ReactNode;
  width: number;
  shadow?: string;
  trapFocus?: boolean;
  dropdownProps?: Record<string, unknown>;
}) {
  const o = useOverlays();
  useEffect(() => {
    if (opened && !o) prefetch();
  }, [opened, o]);
  if (!o) return warm(target);
  return (
    <o.Popover opened={opened} onChange={onChange} position="bottom-end" width={width} withinPortal shadow={shadow} trapFocus={trapFocus}>
      <o.Popover.Target>{target}</o.Popover.Target>
      <o.Popover.Dropdown {...dropdownProps}>{children(o)}</o.Popover.Dropdown>
    </o.Popover>
  );
}
