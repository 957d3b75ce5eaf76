// User-visible text shared by the shell and plugins, verbatim from the specification.
export const MESSAGES = {
  unauthorized:
    'Invalid credentials. Either your user name or password is incorrect, or you do not have permission to view this page.',
  notFound:
    'Requested data not found. Please check the URL in your browser and make sure you have the correct ID numbers if any.',
  generic: 'There was an error processing your request.',
  fixErrors: 'Please fix the errors below and try again.',
  loginToContinue: 'Please log in to continue',
  notAuthorized: 'You are not authorized to view this page.',
  pendingApproval: 'Your account is pending approval. You will receive a notification by email when it is approved.',
  featureDisabled: 'This feature is not enabled. Please contact an administrator if you are expecting it to be available.',
  required: 'Required',
  noNotifications: 'You have no notifications at this time.',
  changesSaved: 'Changes saved.',
  emptyList: (items: string) => `You don't have any ${items} yet.`,
  noMatches: (filter: string) => `No records found matching "${filter}".`,
} as const;

export const TIMING = {
  /** Filter and typeahead debounce. */
  debounceMs: 500,
  /** Success alerts disappear after this long. */
  successAlertMs: 3000,
  /** The live status hub reconnects after this delay. */
  hubReconnectMs: 5000,
} as const;
