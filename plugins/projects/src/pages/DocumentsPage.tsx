// Documents /projects/:id/documents: upload (types, 50 MB, 10 per project — checked here and
// on the server), list, delete.
import { ActionIcon, Alert, Anchor, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { ConfirmDialog, ErrorList, SuccessAlert, api, fileHref, formatDateTime, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { DOCUMENT_MAX_COUNT, DOCUMENT_TYPES, checkDocument } from '../logic.ts';
import { ProjectFrame } from '../project.tsx';
import type { ProjectDocument } from '../types.ts';

function list(value: unknown): ProjectDocument[] {
  if (Array.isArray(value)) return value as ProjectDocument[];
  const o = value as { documents?: ProjectDocument[]; files?: ProjectDocument[]; items?: ProjectDocument[] } | undefined;
  return o?.documents ?? o?.files ?? o?.items ?? [];
}

export function DocumentsBody({ id }: { id: string }) {
  const q = useApiQuery<unknown>(`projects/documents/${id}`);
  const docs = list(q.data);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ProjectDocument | null>(null);
  const [deleting, setDeleting] = useState(false);
  const full = docs.length >= DOCUMENT_MAX_COUNT;

  const upload = async (files: File[]) => {
    setError(null);
    setDone(null);
    const bad: string[] = [];
    const good: File[] = [];
    for (const f of files) {
      const p = checkDocument(f, docs.length + good.length);
      if (p) bad.push(p);
      else good.push(f);
    }
    setProblems(bad);
    if (!good.length) return;
    setUploading(true);
    try {
      const fd = new FormData();
      for (const f of good) fd.append('file', f, f.name);
      await api.post(`projects/documents/${id}`, fd);
      setDone(good.length === 1 ? `${good[0]!.name} uploaded.` : `${good.length} files uploaded.`);
    } catch (e) {
      setError(e);
    } finally {
      setUploading(false);
      void q.refetch();
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setError(null);
    try {
      await api.delete(`projects/documents/${id}/${encodeURIComponent(toDelete.fileName)}`);
      setToDelete(null);
      void q.refetch();
    } catch (e) {
      setError(e);
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack data-testid="documents">
      <Text size="sm" c="dimmed">
        Accepted types: {DOCUMENT_TYPES.filter((t) => t !== 'xslx').join(', ')}; up to 50 MB each and {DOCUMENT_MAX_COUNT} per project.
      </Text>
      {full ? (
        <Alert color="yellow" data-testid="documents-full">
          This project has the maximum of {DOCUMENT_MAX_COUNT} documents. Please delete one to upload more.
        </Alert>
      ) : (
        <Group>
          <FileButton onChange={(f) => void upload(f)} multiple accept={DOCUMENT_TYPES.map((t) => `.${t}`).join(',')}>
            {(props) => (
              <Button {...props} loading={uploading} data-testid="documents-upload">
                Upload documents
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      <SuccessAlert show={!!done} message={done ?? ''} onClose={() => setDone(null)} />
      <ErrorList error={problems.length ? problems : null} />
      <ErrorList error={error ?? q.error} />
      {q.data !== undefined && docs.length === 0 ? (
        <Text c="dimmed">This project has no documents yet.</Text>
      ) : (
        <Table withTableBorder striped data-testid="documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Modified</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((d) => (
              <Table.Tr key={d.fileName}>
                <Table.Td>
                  <Anchor href={fileHref(d.fileUrl)} target="_blank" rel="noopener">
                    {d.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDateTime(d.modified)}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.fileName}`} onClick={() => setToDelete(d)}>
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog opened={!!toDelete} title="Delete document" confirmLabel="Delete" danger locked busy={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void remove()}>
        {toDelete ? `Delete ${toDelete.fileName}?` : ''}
      </ConfirmDialog>
    </Stack>
  );
}

export function DocumentsPage({ params }: PageProps) {
  const id = params.id!;
  return (
    <ProjectFrame id={id} page="Documents">
      {() => <DocumentsBody id={id} />}
    </ProjectFrame>
  );
}
