// A handful of inline icons: an icon font or package would cost more than the shell's budget.
const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const HomeIcon = () => (
  <svg {...base} aria-hidden>
    <path d="M3 11l9-8 9 8" />
    <path d="M5 10v10h14V10" />
  </svg>
);
export const LockIcon = () => (
  <svg {...base} aria-hidden>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const BellIcon = () => (
  <svg {...base} aria-hidden>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10 21a2 2 0 0 0 4 0" />
  </svg>
);
export const HelpIcon = () => (
  <svg {...base} aria-hidden>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7" />
    <path d="M12 17h.01" />
  </svg>
);
export const UserIcon = () => (
  <svg {...base} aria-hidden>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const DropIcon = () => (
  <svg width={26} height={26} viewBox="0 0 16 16" aria-hidden>
    <path d="M8 1C5 5 3 8 3 10.5A5 5 0 0 0 13 10.5C13 8 11 5 8 1z" fill="#1c7ed6" />
  </svg>
);
