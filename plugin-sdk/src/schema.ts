// @headwater/plugin-sdk/schema — the React-free half of the contract, for servers, scripts and
// tests: the manifest (types, JSON-schema check, expansion), route references, the spec's
// wording and the pure rules shared by client and server.
export * from './manifest.ts';
export { validateManifest, loadManifest, PLUGIN_PACKAGE_SCHEMA } from './manifest-schema.ts';
export * from './routes.ts';
export * from './messages.ts';
export * from './accounts.ts';
export * from './groups.ts';
export * from './datasets.ts';
export * from './scenarios.ts';
export * from './names.ts';
export * from './tiers.ts';
// Editors: one validation path for a saved change (client form and server change store).
export { validateChange, partialSchema, changeErrors, changeErrorMessage, CHANGE_ROOT, type ChangeErrors } from './editor/validateChange.ts';
export { EDITOR_MESSAGES, MONTH_NAMES } from './editor/messages.ts';
export * from './custom-outputs.ts';
export { changedFields, asSentValue, schemaDefaults, hasChanges, formatListCell, formatAddedDate, fillPath } from './editor/changes.ts';
export { isSelectionValid, selectionProblem, emptySelection, saveBody } from './editor/selection.ts';
