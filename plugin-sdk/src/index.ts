// @headwater/plugin-sdk — the contract every plugin builds on.
export * from './manifest.ts';
export * from './routes.ts';
export * from './messages.ts';
export * from './plugin.ts';
export * from './session.tsx';
export * from './live.ts';
export * from './accounts.ts';
export * from './groups.ts';
export * from './datasets.ts';
export * from './scenarios.ts';
export * from './custom-outputs.ts';
export * from './api/client.ts';
export * from './api/hooks.ts';
export { PageLayout, type PageLayoutProps } from './ui/PageLayout.tsx';
export { ErrorList } from './ui/ErrorList.tsx';
export { SuccessAlert } from './ui/SuccessAlert.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog.tsx';
export { ProgressView, formatElapsed, type ProgressViewProps } from './ui/ProgressView.tsx';
export { DataGrid, gridQuery, type DataGridProps, type GridColumn, type GridPage } from './ui/DataGrid.tsx';
export { HtmlText } from './ui/HtmlText.tsx';
export { LoadingBoundary } from './ui/LoadingBoundary.tsx';
export { formatCell, formatLimit } from './ui/format.ts';
export { useDebounced } from './ui/useDebounced.ts';
export { useFormErrors, withBlank, type LocationData } from './ui/forms.ts';
export * from './routing.ts';
export * from './tiers.ts';
export { TiersTable } from './ui/TiersTable.tsx';
// Editor SDK (ARCHITECTURE 'Editors'): defineEditor, EditorPage on rjsf (loaded lazily),
// HruSelector, SavedChangesTable, the scenario view's check icon, and the pure rules.
export * from './editor/types.ts';
export { defineEditor, DEFAULT_SAVE_URL, SUBBASIN_SAVE_URL, SELECTION_MODES, type EditorPluginDefinition } from './editor/defineEditor.tsx';
export { EditorPage, LoginPrompt, type EditorPageProps } from './editor/EditorPage.tsx';
export { HruSelector, type HruSelectorProps, type SubbasinMapPickerProps, type SubbasinOption, type NamedOption } from './editor/HruSelector.tsx';
export { SavedChangesTable, type SavedChangesTableProps } from './editor/SavedChangesTable.tsx';
export { ModTableCheck, CheckIcon } from './editor/ModTableCheck.tsx';
export { isSelectionValid, selectionProblem, emptySelection, saveBody } from './editor/selection.ts';
export { changedFields, asSentValue, schemaDefaults, hasChanges, formatListCell, formatAddedDate, fillPath } from './editor/changes.ts';
// The validation of a change (validateChange, transformErrors) loads ajv: it is in
// `@headwater/plugin-sdk/server` and `/schema`, and in the lazily loaded editor form, not here.
export type { ChangeErrors } from './editor/validateChange.ts';
export { EDITOR_MESSAGES, MONTH_NAMES } from './editor/messages.ts';
export { SingleSettingEditor, type SingleSettingEditorProps, type SettingFormContext } from './editor/SingleSettingEditor.tsx';
export { RecordListEditor, type RecordListEditorProps } from './editor/RecordListEditor.tsx';
export { filterRecords, pageOf, formatDecimals, recordColumns, RECORDS_PER_PAGE, RECORD_DECIMALS, type RecordItem, type RecordList } from './editor/records.ts';
export { HruMatchTable, HRU_TABLE_PER_PAGE, type HruMatchTableProps, type HruRow } from './editor/HruMatchTable.tsx';
export { singleSaveValues, withDefaultHelp, formatSettingValue, singleHasChanges, type SingleSettingResponse } from './editor/single.ts';
// Type only: the template itself comes with the lazily loaded form.
export type { FormTab } from './editor/templates.tsx';

export * from './names.ts';
export { useAction, loadError, type Action } from './api/actions.ts';
export { formatDateTime } from './ui/format.ts';
export { TierLink, ACCOUNT_TIER_TAB } from './ui/TierLink.tsx';
export { RouteLink, type RouteLinkProps } from './ui/RouteLink.tsx';
export { usePluginListing, useRouteRef, useLinks } from './plugins.ts';
export { ErrorReportForm, ErrorReportModal, ERROR_REPORT_MESSAGES, ERROR_REPORT_STATUSES, type ErrorReportFormProps, type ErrorReportBody, type ErrorReport } from './ui/ErrorReportForm.tsx';
export { ErrorStatusView, type ErrorStatusViewProps } from './ui/ErrorStatusView.tsx';
export { useTabParam } from './tabs.ts';
export { queryFallback } from './ui/QueryFallback.tsx';
export { SubbasinMapPicker } from './editor/SubbasinMapPicker.tsx';
export { HruDataEditor, hruDataUrl, type HruDataEditorProps, type HruDataFormContext, type PickedHru } from './editor/HruDataEditor.tsx';
export { UploadArea, type UploadAreaProps } from './editor/UploadArea.tsx';
export { EditorActionBar, type RemoveAction } from './editor/EditorActionBar.tsx';
export { uploadFile } from './api/upload.ts';
export { UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS, DEFAULT_UPLOAD_LIMITS, uploadProblem, extensionOf, type UploadLimits } from './editor/uploads.ts';
export { OutputPage, outputGate, simulatedYears, PRINT_DAILY, type OutputPageProps, type OutputRequirements } from './output/OutputPage.tsx';
export { useCustomOutputPage, CustomOutputRequestList, SubbasinChoice, subbasinChoiceValid, useRequestSubmit, type RequestColumn, type CustomOutputRequestListProps, type SubbasinChoiceValue } from './output/CustomOutputRequests.tsx';
// The watershed map (OpenLayers, loaded lazily with its first use) and its types.
export { WatershedMap, preloadWatershedMap, useMapSettings, DEFAULT_TILE_PROVIDERS, asGeoJson, parseBounds } from './map/index.tsx';
export type { WatershedMapProps, MapColouring, MapClick, LocationPoint, FeatureProps, Connection, TileProvider } from './map/index.tsx';
export { CustomOutputResult, type CustomOutputResultFrame, type CustomOutputResultProps } from './output/CustomOutputResult.tsx';
