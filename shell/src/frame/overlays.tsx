// The frame's overlays: Mantine's menus, popovers, tooltips and scroll areas with their
// floating-position, focus-trap and scroll code. No first render needs them, so they are a
// chunk of their own, fetched on the first hover, focus or click of a header control
// (deferred.tsx) or when a page that shows one opens.
export { Menu, Popover, ScrollArea, Tooltip } from '@mantine/core';
