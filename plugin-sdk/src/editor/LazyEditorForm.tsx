// The editor form behind Suspense: rjsf, ajv and the Mantine theme load with the first editor
// page, not with the shell.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { EditorFormProps } from './EditorForm.tsx';

const EditorForm = lazy(() => import('./EditorForm.tsx'));

export function LazyEditorForm(props: EditorFormProps & { formKey: number }) {
  const { formKey, ...form } = props;
  return (
    <Suspense
      fallback={
        <Center p="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <EditorForm key={formKey} {...form} />
    </Suspense>
  );
}
