// The editor form behind Suspense: rjsf, ajv and the Mantine theme load with the first editor
// page, not with the shell.
import { lazy } from 'react';
import { LoadingBoundary } from '../ui/LoadingBoundary.tsx';
import type { EditorFormProps } from './EditorForm.tsx';

const EditorForm = lazy(() => import('./EditorForm.tsx'));

export function LazyEditorForm(props: EditorFormProps & { formKey: number }) {
  const { formKey, ...form } = props;
  return (
    <LoadingBoundary>
      <EditorForm key={formKey} {...form} />
    </LoadingBoundary>
  );
}
