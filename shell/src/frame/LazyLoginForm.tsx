// The sign-in form (its inputs, checkbox and calls) is loaded when first shown: most first
// pages never show it, so it stays out of the shell's initial JavaScript.
import { LoadingBoundary } from '@headwater/plugin-sdk';
import { lazy, type ComponentProps } from 'react';

const Form = lazy(() => import('./LoginForm.tsx').then((m) => ({ default: m.LoginForm })));

export function LoginForm(props: ComponentProps<typeof Form>) {
  return (
    <LoadingBoundary>
      <Form {...props} />
    </LoadingBoundary>
  );
}
