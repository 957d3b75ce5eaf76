// @headwater/plugin-sdk — the contract every plugin builds on.
export * from './manifest.ts';
export * from './messages.ts';
export * from './plugin.ts';
export * from './session.tsx';
export * from './live.ts';
export * from './api/client.ts';
export * from './api/hooks.ts';
export { PageLayout, type PageLayoutProps } from './ui/PageLayout.tsx';
export { ErrorList } from './ui/ErrorList.tsx';
export { SuccessAlert } from './ui/SuccessAlert.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog.tsx';
export { ProgressView, formatElapsed, type ProgressViewProps } from './ui/ProgressView.tsx';
export { DataGrid, gridQuery, type DataGridProps, type GridColumn, type GridPage } from './ui/DataGrid.tsx';
export { HtmlText } from './ui/HtmlText.tsx';
export { formatCell, formatLimit } from './ui/format.ts';
export { useDebounced } from './ui/useDebounced.ts';
export * from './routing.ts';
export * from './tiers.ts';
