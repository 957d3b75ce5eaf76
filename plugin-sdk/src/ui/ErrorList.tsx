import { Alert, List } from '@mantine/core';
import { ApiError } from '../api/client.ts';
import { MESSAGES } from '../messages.ts';

/** Shows every message of an error (spec 1 §8); accepts an ApiError, messages, or nothing. */
export function ErrorList({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const messages =
    error instanceof ApiError
      ? error.messages
      : Array.isArray(error)
        ? (error as string[])
        : typeof error === 'string'
          ? [error]
          : [MESSAGES.generic];
  if (!messages.length) return null;
  return (
    <Alert color="red" title={title} role="alert" data-testid="error-list">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((m, i) => (
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
