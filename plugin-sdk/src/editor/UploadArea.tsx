// The upload area of editors (spec 2 §2 'Land use update: upload area (zip only)', 'Point source:
// ... zip drag-and-drop upload'; the operations CSV import): drop a file or click to choose one;
// the file's extension and size are checked before it is sent (uploads.ts, the server checks them
// again with the content), it is posted as multipart with the 5-minute timeout (spec 2 §9), and
// the server's problems are listed (one line each: a file, a line, a column).
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { uploadFile } from '../api/upload.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { UPLOAD_TIMEOUT_MS, uploadProblem } from './uploads.ts';

export type UploadAreaProps<T> = {
  /** the API path the file is posted to */
  url: string;
  /** the accepted extensions ('.zip') */
  extensions: readonly string[];
  /** the input's label (what is uploaded) */
  label: string;
  /** bytes (checked before sending) */
  maxBytes?: number;
  timeoutMs?: number;
  /** text under the label (the guidelines) */
  hint?: ReactNode;
  disabled?: boolean;
  onUploaded?: (result: T, file: File) => void;
  /** the multipart field name (default `file`) */
  field?: string;
  /** more form fields sent with the file */
  fields?: Record<string, string>;
};

export function UploadArea<T = unknown>({ url, extensions, label, maxBytes, timeoutMs = UPLOAD_TIMEOUT_MS, hint, disabled, onUploaded, field, fields }: UploadAreaProps<T>) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [over, setOver] = useState(false);
  const off = disabled || busy !== null;

  const send = async (files: FileList | null | undefined) => {
    const list = [...(files ?? [])];
    if (!list.length) return;
    setError(null);
    if (list.length > 1) {
      setError('Please upload one file at a time.');
      return;
    }
    const file = list[0]!;
    const problem = uploadProblem(file, { extensions, maxBytes });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(file.name);
    try {
      const result = await uploadFile<T>(url, file, { timeoutMs, field, fields });
      onUploaded?.(result, file);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!off) void send(e.dataTransfer?.files);
  };

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="lg"
        radius="md"
        data-testid="upload-area"
        style={{ borderStyle: 'dashed', borderWidth: 2, cursor: off ? 'default' : 'pointer', background: over ? 'var(--mantine-color-blue-light)' : undefined, opacity: disabled ? 0.6 : 1 }}
        onClick={() => !off && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          if (!off) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Group justify="center" gap="sm">
          {busy !== null ? <Loader size="sm" /> : null}
          <Stack gap={2} align="center">
            <Text fw={500}>{busy !== null ? `Uploading ${busy}…` : label}</Text>
            <Text size="sm" c="dimmed">
              {busy !== null ? 'This can take a few minutes for large files.' : `Drag a ${extensions.join(' or ')} file here, or click to choose one.`}
            </Text>
          </Stack>
        </Group>
        <input
          ref={input}
          type="file"
          aria-label={label}
          accept={extensions.join(',')}
          disabled={off}
          style={{ display: 'none' }}
          onChange={(e) => void send(e.currentTarget.files)}
        />
      </Paper>
      {hint && (typeof hint === 'string' ? <Text size="sm" c="dimmed">{hint}</Text> : hint)}
      <ErrorList error={error} />
    </Stack>
  );
}
